import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MysteryBoxDto } from '../../../../../shared/games/mysteryBox/contract';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { RoundHistory } from '../../components/public';
import { useAfterGamePlayed } from '../../public';
import { useReducedMotion } from '../../public';
import { LOAD_FAILED, OPEN_FAILED, type OpenCount } from '../mysteryBoxView';
import { BoxCard } from '../components/BoxCard';
import { Collectibles } from '../components/Collectibles';
import type { OpenOutcome } from '../components/OpenResults';
import { RecentDrops } from '../components/RecentDrops';
import { useOpenBoxesMutation } from '../mutations';
import { useMysteryBoxes } from '../queries';
import { Gift, Search } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';

/**
 * Issue 23, Mystery Box: two boxes with their published contents and return; opening one or five
 * spins a reel per box onto the server's drops, each kept or sold back; the player's
 * collectibles; everyone's notable drops live.
 */
export function MysteryBoxPage() {
  const boxes = useMysteryBoxes();
  const { user } = useSession();
  const open = useOpenBoxesMutation();
  const afterGamePlayed = useAfterGamePlayed();
  const reducedMotion = useReducedMotion();
  const [outcome, setOutcome] = useState<OpenOutcome | null>(null);
  /** From an answer until its drops have landed. */
  const [revealing, setRevealing] = useState(false);
  const [opening, setOpening] = useState<{ box: string; count: OpenCount } | null>(null);
  const seq = useRef(0);

  async function onOpen(box: MysteryBoxDto, count: OpenCount) {
    setOpening({ box: box.id, count });
    try {
      const answer = await open.mutateAsync({ boxId: box.id, count });
      seq.current += 1;
      setOutcome({ key: `box-open-${seq.current}`, box, results: answer.results });
      setRevealing(true);
    } catch (error) {
      notify.error(errorMessage(error, OPEN_FAILED));
    } finally {
      setOpening(null);
    }
  }

  const onRevealed = useCallback(() => {
    setRevealing(false);
    void afterGamePlayed();
  }, [afterGamePlayed]);
  const onDismissed = useCallback(() => setOutcome(null), []);
  const balance = user?.balance;
  const list = boxes.data?.boxes ?? [];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            <Gift className="mr-1.5" />
            Mystery Box
          </h1>
          <p className="mt-1 text-slate-400">
            Open a box for a collectible: keep it, trade it, or sell it back for its published
            value.
          </p>
        </div>
        {balance !== undefined && (
          <p className="text-lg text-slate-300">
            Balance:{' '}
            <strong data-testid="box-balance" className="font-mono text-emerald-300">
              <Emoji char="🪙" /> {formatCoins(balance)}
            </strong>
          </p>
        )}
        <Link to="/fairness" className="btn-secondary">
          <Search />
          Verify rounds
        </Link>
      </header>
      {boxes.isPending ? (
        <LoadingState>Loading the boxes…</LoadingState>
      ) : boxes.isError ? (
        <ErrorBanner>{errorMessage(boxes.error, LOAD_FAILED)}</ErrorBanner>
      ) : list.length === 0 ? (
        <EmptyState>No boxes are on offer right now.</EmptyState>
      ) : (
        <ul
          className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2"
          aria-label="Mystery boxes"
        >
          {list.map((box) => (
            <BoxCard
              key={box.id}
              box={box}
              balance={balance}
              busy={open.isPending}
              opening={opening?.box === box.id ? opening.count : null}
              outcome={outcome?.box.id === box.id ? outcome : null}
              reducedMotion={reducedMotion}
              onOpen={onOpen}
              onRevealed={onRevealed}
              onDismissed={onDismissed}
            />
          ))}
        </ul>
      )}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Collectibles />
        <RecentDrops holdMine={revealing} />
      </div>
      <RoundHistory games={['mystery-box']} limit={10} />
    </div>
  );
}
