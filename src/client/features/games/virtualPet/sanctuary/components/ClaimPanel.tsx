import { useState } from 'react';
import { Link } from 'react-router';
import type { ClaimResponse, CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { formatCoins } from '../../../../../lib/format';
import { CLAIM_INTERVAL_MS } from '../../../../../../shared/games/virtualPet/claim';
import { useClaimMutation } from '../mutations';
import {
  CLAIM_FAILED,
  TOO_SOON,
  claimSummary,
  claimTermsView,
  formatClaimCountdown,
  formatInterval,
  laterClaim,
  nextClaimOf,
  type PublishedOdds,
} from '../claim';
import { useCountdown } from '../useCountdown';
import { Timer } from 'lucide-react';
import { Emoji, EmojiText } from '../../../../../components/Emoji';

function OddsList({ title, draws, odds }: { title: string; draws: number; odds: PublishedOdds[] }) {
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-semibold text-slate-200">
        {title}: {draws} {draws === 1 ? 'draw' : 'draws'}
      </h4>
      <ul
        className="mt-1 flex flex-col gap-0.5 text-sm text-slate-300"
        aria-label={`${title} odds per draw`}
      >
        {odds.map((o) => (
          <li key={o.key} className="flex justify-between gap-3">
            <span>
              <span aria-hidden="true">
                <EmojiText text={o.emoji} />{' '}
              </span>
              {o.name}
            </span>
            <span className="font-mono">{o.percent}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec section 4, sanctuary claim: claim, then wait until nextClaim; the terms are published beside the button. */
export function ClaimPanel({
  nextClaim,
  critters,
}: {
  nextClaim: string | null;
  critters: readonly CritterDto[];
}) {
  const claim = useClaimMutation();
  const guard = useActionGuard();
  // A refusal's nextClaim holds even if a later read of the resources says otherwise (spec section 8: it resets the timer).
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const remaining = useCountdown(laterClaim(nextClaim, refusedUntil));
  const [last, setLast] = useState<ClaimResponse | null>(null);
  const waiting = remaining > 0;
  const view = claimTermsView(critters);

  async function onClaim() {
    try {
      const answer = await claim.mutateAsync();
      setLast(answer);
      notify.success(
        `Claimed: ${claimSummary(answer)}. Verify round #${answer.roundId} on /fairness.`,
        { duration: 6000 },
      );
    } catch (error) {
      setLast(null);
      const until = nextClaimOf(error);
      if (until) setRefusedUntil(until);
      notify.error(until ? TOO_SOON : errorMessage(error, CLAIM_FAILED));
    }
  }

  return (
    <section aria-labelledby="claim-title" className="card flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="claim-title" className="section-title">
          Resource claim
        </h2>
        <button
          type="button"
          className="btn-primary min-w-48 flex-col gap-0"
          disabled={waiting || claim.isPending || guard.quiet}
          onClick={() => void guard.run(onClaim)}
          data-testid="claim-button"
        >
          <span>{claim.isPending ? 'Claiming…' : 'Claim Resources'}</span>
          {waiting && (
            <span className="text-xs font-normal" data-testid="claim-countdown">
              Next claim in <span className="font-mono">{formatClaimCountdown(remaining)}</span>
            </span>
          )}
        </button>
      </div>
      <p role="status" className="text-sm text-emerald-200" data-testid="claim-result">
        {last && (
          <>
            Last claim: {claimSummary(last)}. It was drawn in round{' '}
            <span className="font-mono break-all">{last.roundId}</span>:{' '}
            <Link
              to="/fairness"
              className="font-semibold text-amber-300 underline hover:text-amber-200"
            >
              verify it on the fairness page
            </Link>{' '}
            (it is listed under your last rounds below).
          </>
        )}
      </p>
      <div
        className="flex flex-col gap-3 rounded-xl border border-white/10 bg-slate-950/40 p-3"
        data-testid="claim-terms"
      >
        <h3 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
          What a claim gives you
        </h3>
        <ul className="flex flex-col gap-1 text-sm text-slate-200">
          <li>
            <span aria-hidden="true">
              <Emoji char="🪙" />{' '}
            </span>
            {formatCoins(view.terms.coins)} pet coins per claim (grows with your critters and coin
            traits)
          </li>
          <li>
            <span aria-hidden="true">
              <Emoji char="💎" />{' '}
            </span>
            {view.terms.shards} shards
          </li>
          <li>
            <Timer className="mr-1.5" />
            Every {view.baseInterval}, {view.bestInterval} at best with cooldown traits
            {view.terms.cooldownMs < CLAIM_INTERVAL_MS
              ? ` (yours: every ${formatInterval(view.terms.cooldownMs)})`
              : ''}
          </li>
        </ul>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <OddsList title="Food" draws={view.terms.foodDraws} odds={view.food} />
          <OddsList title="Toys" draws={view.terms.toyDraws} odds={view.toys} />
        </div>
        <p className="text-xs text-slate-400">
          Foods and toys are drawn from your provably fair seed:{' '}
          <Link to="/fairness" className="text-amber-300 underline hover:text-amber-200">
            how to check a claim
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
