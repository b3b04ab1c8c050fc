import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MysteryBoxDto } from '../../../../../shared/games/mysteryBox/contract';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { notify } from '../../../../lib/toast';
import { useActionGuard } from '../../../../lib/useActionGuard';
import {
  REEL_STOP,
  SELL_FAILED,
  coinsText,
  openSummary,
  reelDurationMs,
  reelStrip,
  verifyDropHref,
  type BoxResult,
} from '../mysteryBoxView';
import { useSellCollectibleMutation } from '../mutations';
import { Reel } from './Reel';
import { TierBadge } from './TierBadge';
import { Sparkles } from 'lucide-react';
import { EmojiText } from '../../../../components/Emoji';

export interface OpenOutcome {
  /** A fresh key per answer: the reels start again. */
  key: string;
  box: MysteryBoxDto;
  results: BoxResult[];
}

interface OpenResultsProps {
  outcome: OpenOutcome;
  reducedMotion: boolean;
  /** Every drop has landed (at once with reduced motion). */
  onRevealed: () => void;
  /** Every drop was kept, so there is nothing left to show. */
  onDismissed: () => void;
}

const NOTABLE_GLOW =
  'border-amber-300/70 bg-amber-400/10 shadow-lg shadow-amber-400/20 ring-2 ring-amber-300/60';

function DropCard({
  result,
  index,
  outcome,
  reducedMotion,
  landed,
  soldFor,
  selling,
  onLanded,
  onKeep,
  onSell,
}: {
  result: BoxResult;
  index: number;
  outcome: OpenOutcome;
  reducedMotion: boolean;
  landed: boolean;
  soldFor: number | undefined;
  selling: boolean;
  onLanded: () => void;
  onKeep: () => void;
  onSell: () => Promise<void>;
}) {
  const guard = useActionGuard();
  const cells = useMemo(
    () => reelStrip(outcome.box, result.item.emoji, result.roundId),
    [outcome.box, result.item.emoji, result.roundId],
  );
  const many = outcome.results.length > 1;
  const { item } = result;
  return (
    <li
      className={`flex min-w-0 flex-col gap-2 rounded-xl border p-3 text-sm ${landed && result.notable ? NOTABLE_GLOW : 'border-white/10 bg-white/5'}`}
      data-testid="box-result"
      data-landed={landed}
      data-notable={result.notable}
      data-round={result.roundId}
    >
      {many && <span className="text-xs text-slate-400">Box {index + 1}</span>}
      {!reducedMotion && (
        <Reel
          cells={cells}
          stop={REEL_STOP}
          durationMs={reelDurationMs(index)}
          stopped={landed}
          onStop={onLanded}
        />
      )}
      {landed ? (
        <>
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="text-4xl">
              <EmojiText text={item.emoji} />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <span
                className="font-semibold wrap-anywhere text-white"
                data-testid="box-result-name"
              >
                {item.name}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <TierBadge tier={result.tier} />
                {result.notable && (
                  <span className="text-xs font-bold text-amber-200">
                    <Sparkles className="mr-1.5" />
                    {result.tier}!
                  </span>
                )}
                <span className="font-mono text-emerald-200" data-testid="box-result-value">
                  worth {coinsText(item.value)}
                </span>
              </span>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {soldFor !== undefined ? (
              <p className="font-semibold text-emerald-200" data-testid="box-result-sold">
                Sold for {coinsText(soldFor)}
              </p>
            ) : (
              <>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1"
                  onClick={onKeep}
                  disabled={selling}
                >
                  Keep<span className="sr-only">, {item.name}</span>
                </button>
                <button
                  type="button"
                  className="btn-primary px-3 py-1"
                  onClick={() => void guard.run(onSell)}
                  disabled={selling || guard.quiet}
                >
                  {selling ? 'Selling…' : `Sell for ${formatCoins(item.value)}`}
                  <span className="sr-only">, {item.name}</span>
                </button>
              </>
            )}
            <Link
              to={verifyDropHref(result, outcome.box)}
              className="ml-auto text-xs font-semibold text-amber-300 underline hover:text-amber-200"
            >
              Verify
              <span className="sr-only">
                {many ? ` box ${index + 1},` : ''} {item.name}, on the fairness page
              </span>
            </Link>
          </div>
        </>
      ) : (
        <p className="text-slate-400">Opening…</p>
      )}
    </li>
  );
}

/**
 * The drops of one opening: a reel each that lands on the server's drop (five land one after
 * another), then the drop with Keep (it is already in the inventory) and Sell. Reduced motion
 * shows them all at once.
 */
export function OpenResults({ outcome, reducedMotion, onRevealed, onDismissed }: OpenResultsProps) {
  const { key, box, results } = outcome;
  const sell = useSellCollectibleMutation();
  const [landed, setLanded] = useState<ReadonlySet<number>>(new Set());
  const [skipped, setSkipped] = useState(false);
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const [sold, setSold] = useState<ReadonlyMap<number, number>>(new Map());
  const [selling, setSelling] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const hasLanded = (i: number) => reducedMotion || skipped || landed.has(i);
  const allLanded = results.every((_, i) => hasLanded(i));

  // The refresh that shows the drops elsewhere waits for the last one to land, once per answer.
  const revealedOnce = useRef(false);
  useEffect(() => {
    if (!allLanded || revealedOnce.current) return;
    revealedOnce.current = true;
    onRevealed();
  }, [allLanded, onRevealed]);

  function keep(i: number) {
    const next = new Set(kept).add(i);
    setKept(next);
    if (results.every((_, j) => next.has(j))) onDismissed();
    // The button pressed is gone: the keyboard carries on from the list's heading.
    else heading.current?.focus();
  }

  async function sellOne(i: number) {
    const result = results[i]!;
    setSelling(i);
    try {
      const answer = await sell.mutateAsync({ itemId: result.item._id, quantity: 1 });
      setSold((current) => new Map(current).set(i, answer.paid));
    } catch (error) {
      notify.error(errorMessage(error, SELL_FAILED));
    } finally {
      setSelling(null);
    }
  }

  const shown = results
    .map((result, index) => ({ result, index }))
    .filter(({ index }) => !kept.has(index));
  const tierOrder = box.tiers.map((t) => t.name);

  return (
    <section
      aria-labelledby={`${key}-title`}
      className="flex flex-col gap-3 border-t border-white/10 pt-3"
      data-testid="box-results"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={`${key}-title`}
          ref={heading}
          tabIndex={-1}
          className="font-display text-lg font-bold text-white"
        >
          Your {results.length === 1 ? 'drop' : `${results.length} drops`}
        </h3>
        {!allLanded && (
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            onClick={() => setSkipped(true)}
            data-testid="box-show-all"
          >
            Show all
          </button>
        )}
      </div>
      <ol className="grid grid-cols-1 gap-2" aria-label={`Drops from the ${box.name}`}>
        {shown.map(({ result, index }) => (
          <DropCard
            key={result.roundId}
            result={result}
            index={index}
            outcome={outcome}
            reducedMotion={reducedMotion}
            landed={hasLanded(index)}
            soldFor={sold.get(index)}
            selling={selling === index}
            onLanded={() =>
              setLanded((current) => (current.has(index) ? current : new Set(current).add(index)))
            }
            onKeep={() => keep(index)}
            onSell={() => sellOne(index)}
          />
        ))}
      </ol>
      <p role="status" className="text-sm text-emerald-200" data-testid="box-summary">
        {allLanded &&
          `${openSummary(results, tierOrder)}. Whatever you keep is in your collectibles and your store inventory.`}
      </p>
    </section>
  );
}
