import { useState } from 'react';
import {
  TYCOON_BOOST_MS,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_DAILY_COIN_MAX,
  TYCOON_DIVIDEND_COINS_PER_DECADE,
  TYCOON_INVESTOR_BONUS_PERCENT,
  type TycoonState,
} from '../../../../../shared/games/coinTycoon/rules';
import { formatBig } from '../../../../../shared/games/coinTycoon/storage';
import { ConfirmDialog } from '../../../../components/Modal';
import { useActionGuard } from '../../../../lib/useActionGuard';
import type { TycoonAction } from '../mutations';
import {
  boostLabel,
  boostStatus,
  clockTime,
  dividendStatus,
  multiplierText,
  saleStatus,
} from '../coinTycoonView';
import { SteadyButton } from '../../../../components/SteadyButton';
import { Handshake, PiggyBank, Rocket } from 'lucide-react';

interface CardProps {
  settled: TycoonState;
  now: number;
  busy: boolean;
  onAction: (action: TycoonAction) => Promise<void>;
}

const BOOST_HOURS = TYCOON_BOOST_MS / 3_600_000;

/** The coin sink: 200 coins for 4 hours of doubled income, stackable up to 24 hours ahead. */
export function BoostCard({
  settled,
  now,
  busy,
  onAction,
  balance,
  offsetMs,
}: CardProps & { balance: number | undefined; offsetMs: number }) {
  // Coins leave on each press: a second press just after the first must not buy twice.
  const guard = useActionGuard();
  const status = boostStatus(settled, now, balance);
  const blockedId = 'tycoon-boost-blocked';
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby="tycoon-boost-title">
      <h2 id="tycoon-boost-title" className="section-title">
        <Rocket className="mr-1.5" />
        Income boost
      </h2>
      <p
        className={status.active ? 'font-semibold text-emerald-300' : 'text-slate-400'}
        data-testid="tycoon-boost-status"
      >
        {status.active
          ? boostLabel(status.leftMs, clockTime(settled.boostUntil, offsetMs))
          : 'No boost running'}
      </p>
      <SteadyButton
        className="btn-primary"
        unavailable={busy || guard.quiet || status.blocked !== null}
        aria-describedby={status.blocked ? blockedId : undefined}
        onPress={() => void guard.run(() => onAction({ intent: 'boost' }))}
        data-testid="tycoon-boost"
      >
        Boost ×2 for {BOOST_HOURS} h — {TYCOON_BOOST_PRICE_COINS} coins
      </SteadyButton>
      {status.blocked && (
        <p id={blockedId} className="text-sm text-amber-200" data-testid="tycoon-boost-blocked">
          {status.blocked}
        </p>
      )}
    </section>
  );
}

/** The game's one coin faucet, published: min(500, ⌊40 × log10(1 + bucks since the last claim)⌋) once a UTC day. */
export function DividendCard({ settled, now, busy, onAction }: CardProps) {
  const guard = useActionGuard();
  const status = dividendStatus(settled, now);
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby="tycoon-dividend-title">
      <h2 id="tycoon-dividend-title" className="section-title">
        <PiggyBank className="mr-1.5" />
        Daily dividend
      </h2>
      <p className="text-sm text-slate-400">
        min({TYCOON_DAILY_COIN_MAX}, {TYCOON_DIVIDEND_COINS_PER_DECADE} × log10(1 + bucks earned
        since your last claim)) coins, once a UTC day. Earned since then:{' '}
        <strong className="font-mono text-slate-200" data-testid="tycoon-since-claim">
          {formatBig(settled.bucksSinceClaim)}
        </strong>{' '}
        bucks.
      </p>
      <SteadyButton
        className="btn-primary"
        unavailable={busy || guard.quiet || status.blocked !== null}
        onPress={() => void guard.run(() => onAction({ intent: 'claim' }))}
        data-testid="tycoon-claim"
      >
        {status.blocked ??
          `Claim ${status.coins.toLocaleString('en-US')} ${status.coins === 1 ? 'coin' : 'coins'}`}
      </SteadyButton>
    </section>
  );
}

/** Prestige: the company is sold for investors counted from the lifetime bucks (the formula shown). */
export function SaleCard({ settled, busy, onAction }: Omit<CardProps, 'now'>) {
  const [confirming, setConfirming] = useState(false);
  const sale = saleStatus(settled);
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby="tycoon-sale-title">
      <h2 id="tycoon-sale-title" className="section-title">
        <Handshake className="mr-1.5" />
        Sell the company
      </h2>
      <p className="text-sm text-slate-400">
        Investors = ⌊√(lifetime bucks ÷ 1B)⌋, each +{TYCOON_INVESTOR_BONUS_PERCENT}% income for
        good. Lifetime bucks:{' '}
        <strong className="font-mono text-slate-200" data-testid="tycoon-lifetime">
          {formatBig(settled.lifetimeBucks)}
        </strong>
        .
      </p>
      <p className="text-sm text-slate-200" data-testid="tycoon-sale-gain">
        {sale.gained > 0n
          ? `Selling now brings +${sale.gained.toLocaleString('en-US')} ${sale.gained === 1n ? 'investor' : 'investors'}.`
          : `The next investor joins at ${formatBig(sale.nextAt)} lifetime bucks.`}
      </p>
      <SteadyButton
        className="btn-danger sm:self-start"
        unavailable={busy || sale.gained === 0n}
        onPress={() => setConfirming(true)}
        data-testid="tycoon-sell"
      >
        Sell the company
      </SteadyButton>
      <ConfirmDialog
        open={confirming}
        question="Sell the company?"
        tone="danger"
        details={
          <>
            <p data-testid="tycoon-sale-details">
              +{sale.gained.toLocaleString('en-US')}{' '}
              {sale.gained === 1n ? 'investor joins' : 'investors join'} (
              {sale.after.toLocaleString('en-US')} in all): income {multiplierText(sale.after)} for
              good.
            </p>
            <p className="mt-2">
              Businesses, managers and bucks start over from one Lemonade Stand; lifetime bucks, the
              dividend count and a running boost stay.
            </p>
          </>
        }
        confirmLabel={`Sell for +${sale.gained.toLocaleString('en-US')} investors`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void onAction({ intent: 'prestige' });
        }}
      />
    </section>
  );
}
