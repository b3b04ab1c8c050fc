import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PuzzleRushDto } from '../../../../../shared/games/puzzleRush/contract';
import { PUZZLE_TYPES, type PublicPuzzle } from '../../../../../shared/games/puzzleRush/puzzles';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { ApiError } from '../../../../lib/api';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useAfterCoinsMoved } from '../../../../lib/useAfterCoinsMoved';
import { leaderboardKeys } from '../../../leaderboard/public';
import { LogicGridBoard } from '../components/LogicGridBoard';
import { Match3Board } from '../components/Match3Board';
import { MemoryBoard } from '../components/MemoryBoard';
import { PuzzleTile } from '../components/PuzzleTile';
import { QueensBoard } from '../components/QueensBoard';
import { SlidingBoard } from '../components/SlidingBoard';
import { usePuzzleSubmitMutation } from '../mutations';
import {
  browserStore,
  clearMatch3,
  pruneOtherDays,
  readSolved,
  writeSolved,
} from '../puzzleRushStorage';
import { INVALID_LOCKOUT_MS, failureText, type Failure } from '../puzzleRush';
import { puzzleKeys, usePuzzleRush } from '../queries';
import { formatHms } from '../../public';
import { Emoji } from '../../../../components/Emoji';

function Board({
  puzzle,
  disabled,
  onSubmit,
}: {
  puzzle: PublicPuzzle;
  disabled: boolean;
  onSubmit: (answer: unknown) => void;
}) {
  switch (puzzle.type) {
    case 'sliding':
      return <SlidingBoard puzzle={puzzle} disabled={disabled} onSubmit={onSubmit} />;
    case 'memory':
      return <MemoryBoard puzzle={puzzle} disabled={disabled} onSubmit={onSubmit} />;
    case 'match-3':
      return <Match3Board puzzle={puzzle} disabled={disabled} onSubmit={onSubmit} />;
    case 'logic-grid':
      return <LogicGridBoard puzzle={puzzle} disabled={disabled} onSubmit={onSubmit} />;
    case 'n-queens':
      return <QueensBoard puzzle={puzzle} disabled={disabled} onSubmit={onSubmit} />;
  }
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-white/10 bg-slate-900/70 px-3 py-2">
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="font-display text-xl font-bold text-white" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function PuzzleRushPage() {
  const rush = usePuzzleRush();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  const submitCall = usePuzzleSubmitMutation();
  const data = rush.data;
  const date = data?.date ?? null;

  // The ids solved here today (spec section 4), kept under the UTC date's key.
  const [local, setLocal] = useState<{ date: string; ids: string[] } | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [lockedUntil, setLockedUntil] = useState<Record<string, number>>({});
  const [failures, setFailures] = useState<Record<string, Failure | undefined>>({});
  const [now, setNow] = useState(() => Date.now());
  const inFlight = useRef(new Set<string>());

  // A new day (first load, or the query refetched after midnight UTC) drops other days' records.
  // The record follows the server's list: an id it holds that the server never accepted (the
  // page was closed with the answer on its way) must not hide the puzzle all day; only answers
  // still on their way here keep their optimistic mark.
  const serverSolved = data?.solved;
  useEffect(() => {
    if (!date || !serverSolved) return;
    const store = browserStore();
    if (store) pruneOtherDays(store, date);
    const stored = store ? readSolved(store, date) : [];
    const ids = [...new Set([...serverSolved, ...stored.filter((id) => inFlight.current.has(id))])];
    if (store) writeSolved(store, date, ids);
    setLocal({ date, ids });
  }, [date, serverSolved]);

  const localIds = useMemo(() => (local && local.date === date ? local.ids : []), [local, date]);
  const solved = useMemo(
    () => new Set([...(data?.solved ?? []), ...localIds]),
    [data?.solved, localIds],
  );

  const saveLocal = useCallback(
    (change: (ids: string[]) => string[]) => {
      if (!date) return;
      setLocal((current) => {
        const ids = change(current?.date === date ? current.ids : []);
        const store = browserStore();
        if (store) writeSolved(store, date, ids);
        return { date, ids };
      });
    },
    [date],
  );

  const anyLocked = Object.values(lockedUntil).some((t) => t > now);
  // A quick tick while a lockout counts down, else one a second for the reset countdown.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), anyLocked ? 250 : 1000);
    return () => clearInterval(timer);
  }, [anyLocked]);

  const resetAt = data ? Date.parse(data.nextReset) : null;
  const untilReset = resetAt === null ? 0 : Math.max(0, resetAt - now);
  const refetchedFor = useRef<number | null>(null);
  useEffect(() => {
    if (resetAt === null || untilReset > 0 || refetchedFor.current === resetAt) return;
    refetchedFor.current = resetAt;
    void queryClient.invalidateQueries({ queryKey: puzzleKeys.rush(token) });
  }, [resetAt, untilReset, queryClient, token]);

  async function submit(puzzle: PublicPuzzle, answer: unknown) {
    const id = puzzle.id;
    // The ref, not `pending`, stops a double click: state is a render behind.
    if (solved.has(id) || inFlight.current.has(id) || (lockedUntil[id] ?? 0) > Date.now()) return;
    inFlight.current.add(id);
    // Solved at once; rolled back below if the server says no.
    saveLocal((ids) => [...ids, id]);
    setPending((p) => new Set(p).add(id));
    setFailures((f) => ({ ...f, [id]: undefined }));
    try {
      const result = await submitCall.mutateAsync({ puzzleId: id, answer });
      queryClient.setQueryData<PuzzleRushDto>(puzzleKeys.rush(token), (old) =>
        old ? { ...old, wins: result.wins, solved: [...new Set([...old.solved, id])] } : old,
      );
      if (puzzle.type === 'match-3') {
        const store = browserStore();
        if (store) clearMatch3(store, id);
      }
      notify.success(`Solved! +${formatCoins(result.reward)} coins`);
      void afterCoinsMoved();
      void queryClient.invalidateQueries({ queryKey: puzzleKeys.rush(token) });
      // The Puzzle Rush table of the leaderboard counts this solve.
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
    } catch (error) {
      saveLocal((ids) => ids.filter((x) => x !== id));
      const failure = failureText(puzzle.type, error);
      setFailures((f) => ({ ...f, [id]: failure }));
      notify.error(failure.status);
      if (error instanceof ApiError && error.status === 400) {
        const until = Date.now() + INVALID_LOCKOUT_MS;
        setLockedUntil((l) => ({ ...l, [id]: until }));
        setNow(Date.now());
      }
      // 409: solved already (another tab) or a new day began; the server's list says which.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: puzzleKeys.rush(token) });
    } finally {
      inFlight.current.delete(id);
      setPending((p) => {
        const next = new Set(p);
        next.delete(id);
        return next;
      });
    }
  }

  const ordered = data
    ? PUZZLE_TYPES.flatMap((type) => data.puzzles.filter((p) => p.type === type))
    : [];
  const solvedToday = ordered.filter((p) => solved.has(p.id)).length;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Puzzle Rush
          </h1>
          <p className="mt-1 text-slate-400">
            Five new puzzles every day at midnight UTC. Each one solved pays coins once.
          </p>
        </div>
        {data && (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label="Solved today" testId="puzzle-solved-today">
              {solvedToday} / {ordered.length}
            </Stat>
            <Stat label="Total wins" testId="puzzle-wins">
              {formatCoins(data.wins)}
            </Stat>
            <Stat label="Reward per solve" testId="puzzle-reward">
              <Emoji char="🪙" /> {formatCoins(data.reward)}
            </Stat>
            <Stat label="New puzzles in" testId="puzzle-reset">
              <span className="font-mono">{formatHms(untilReset)}</span>
            </Stat>
          </dl>
        )}
      </header>
      {rush.isPending ? (
        <LoadingState>Loading today’s puzzles…</LoadingState>
      ) : rush.isError ? (
        <ErrorBanner>
          <p>Couldn’t load today’s puzzles.</p>
          <button type="button" className="btn-secondary mt-2" onClick={() => void rush.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      ) : ordered.length === 0 ? (
        <EmptyState>No puzzles today. Come back after midnight UTC.</EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {ordered.map((puzzle) => {
            const lockedFor = Math.max(0, (lockedUntil[puzzle.id] ?? 0) - now);
            const isPending = pending.has(puzzle.id);
            const failure = failures[puzzle.id];
            return (
              <PuzzleTile
                key={puzzle.id}
                type={puzzle.type}
                solved={solved.has(puzzle.id)}
                pending={isPending}
                lockedFor={lockedFor}
                status={failure?.status ?? null}
                detail={failure?.detail ?? null}
              >
                <Board
                  puzzle={puzzle}
                  disabled={isPending || lockedFor > 0}
                  onSubmit={(answer) => void submit(puzzle, answer)}
                />
              </PuzzleTile>
            );
          })}
        </div>
      )}
    </div>
  );
}
