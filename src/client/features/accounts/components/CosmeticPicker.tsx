import type { UserDto } from '../../../../shared/api/accounts';
import { Sparkles } from 'lucide-react';
import { Emoji } from '../../../components/Emoji';
import { SelectField } from '../../../components/TextField';
import { EmptyState } from '../../../components/States';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useChooseCosmeticMutation } from '../mutations';

const AUTOMATIC = '';

/** The held cosmetics, and which one shows beside the player's name everywhere. */
export function CosmeticPicker({ user }: { user: UserDto }) {
  const choose = useChooseCosmeticMutation();
  const cosmetics = user.inventory.filter((e) => e.item.type === 'cosmetic');
  const onChange = (value: string) => {
    choose.mutate(value === AUTOMATIC ? null : value, {
      onSuccess: ({ cosmetic }) =>
        notify.success(
          cosmetic
            ? `${cosmetic.name} now shows beside your name`
            : 'Nothing shows beside your name',
        ),
      onError: (error) =>
        notify.error(
          errorMessage(error, 'Could not change what shows beside your name', CONNECTION_ERROR),
        ),
    });
  };
  return (
    <section aria-labelledby="cosmetic-picker-title" className="card flex flex-col gap-3">
      <h2 id="cosmetic-picker-title" className="section-title">
        <Sparkles className="mr-1.5" />
        Beside your name
      </h2>
      {cosmetics.length === 0 ? (
        <EmptyState>
          No cosmetics yet. Buy one in the store or find one in a mystery box.
        </EmptyState>
      ) : (
        <>
          <p data-testid="shown-cosmetic" className="min-w-0 text-sm wrap-anywhere text-slate-300">
            Showing:{' '}
            <span className="font-semibold text-white">
              {user.cosmetic ? (
                <>
                  {user.cosmetic.emoji && <Emoji char={user.cosmetic.emoji} />} {user.cosmetic.name}
                </>
              ) : (
                'nothing'
              )}
            </span>
          </p>
          <SelectField
            id="cosmetic-choice"
            label="Cosmetic to show"
            value={user.cosmeticChoice ?? AUTOMATIC}
            onValueChange={onChange}
            disabled={choose.isPending}
            inputClassName="min-h-11"
          >
            <option value={AUTOMATIC}>Automatic (store cosmetics before collectibles)</option>
            {cosmetics.map((e) => (
              <option key={e._id} value={e.item._id}>
                {/* An <option> holds text only, and an emoji as text is an empty box without an emoji font (issue 33): the name alone. */}
                {e.item.name}
                {e.item.sellBack !== null ? ' (collectible)' : ''}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </section>
  );
}
