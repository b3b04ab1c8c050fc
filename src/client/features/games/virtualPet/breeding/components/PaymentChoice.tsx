import type { PaymentMethod, PaymentOption } from '../breedingView';
import { paymentLabel } from '../breedingView';
import { Emoji } from '../../../../../components/Emoji';

interface PaymentChoiceProps {
  options: readonly PaymentOption[];
  value: PaymentMethod | null;
  disabled: boolean;
  onChange: (method: PaymentMethod) => void;
}

const ICON: Record<PaymentMethod, string> = { pet: '🪙', gold: '💰' };

/** Pet coins or gold (spec section 2); the one that cannot be afforded is disabled. */
export function PaymentChoice({ options, value, disabled, onChange }: PaymentChoiceProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="label">Pay with</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {options.map((o) => (
          <label
            key={o.method}
            className={`flex min-w-0 flex-1 items-center gap-2 rounded-xl border px-3 py-2 text-sm ${
              value === o.method
                ? 'border-amber-300/70 bg-amber-400/10 text-white'
                : 'border-white/15 bg-white/5 text-slate-200'
            } ${o.affordable ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
            data-testid={`breed-pay-${o.method}`}
          >
            <input
              type="radio"
              name="breed-payment"
              value={o.method}
              checked={value === o.method}
              disabled={!o.affordable}
              onChange={() => onChange(o.method)}
              className="accent-amber-400"
            />
            <span aria-hidden="true">
              <Emoji char={ICON[o.method]} />
            </span>
            <span className="min-w-0 wrap-anywhere">{paymentLabel(o)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
