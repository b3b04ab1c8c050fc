import { sql } from 'drizzle-orm';
import type { Deps } from '../../../platform/deps';
import { ledger } from '../../wallet/public';
import {
  closeLiveQuestion,
  finishIfDone,
  iso,
  msOf,
  partiesOf,
  settleQuestionsRound,
  tellParties,
} from './ending';
import { selfPacedEnd } from '../../../../shared/games/quizDuel/rules';
import { findDuel } from './queries';
import { RowSweep } from '../../../platform/sweepRows';

const liveSweep = new RowSweep('closing live quiz questions');
const asyncSweep = new RowSweep('finishing asynchronous quiz duels');
const openSweep = new RowSweep('expiring quiz challenges');

/** Leaves out of a batch the rows resting after a failure (RowSweep). */
const without = (ids: number[]) => (ids.length > 0 ? sql` and id not in ${ids}` : sql``);

/**
 * The process that opened a live question pushes it when it opens and closes it at its
 * deadline; the sweep (every process, every second) does the same for a process that died.
 */
const timers = new Set<NodeJS.Timeout>();

function after(ms: number, run: () => Promise<unknown>): void {
  const timer = setTimeout(
    () => {
      timers.delete(timer);
      run().catch(() => undefined);
    },
    Math.max(0, ms),
  );
  timer.unref();
  timers.add(timer);
}

export function stopTimers(): void {
  for (const t of timers) clearTimeout(t);
  timers.clear();
}

export function scheduleLive(deps: Deps, duelId: number, opensAt: number, deadline: number): void {
  const now = deps.clock.now().getTime();
  after(opensAt - now, async () => {
    await deps.db.tx((tx) => tellParties(tx, duelId, deps.clock.now().getTime()));
    deps.live.changed();
  });
  after(deadline - now + 50, () => closeDueLive(deps, [duelId]));
}

/** After a close: the next question's push and deadline. */
export function afterLiveClose(deps: Deps, duelId: number): void {
  deps.live.changed();
  void findDuel(deps.db, duelId)
    .then((duel) => {
      if (duel?.state === 'playing' && duel.q_opens_at && duel.q_deadline)
        scheduleLive(deps, duelId, msOf(duel.q_opens_at), msOf(duel.q_deadline));
    })
    // A database that is away or closing (the server stopping) leaves it to the sweep, every second.
    .catch(() => undefined);
}

/** Closes every live question whose deadline has passed (of `only`, when given). */
export async function closeDueLive(deps: Deps, only?: number[]): Promise<number> {
  const nowMs = deps.clock.now().getTime();
  const due = await deps.db.rows<{
    id: number;
    current_q: number;
    challenger_id: number;
    opponent_id: number;
  }>(sql`
    select id, current_q, challenger_id, opponent_id from quiz_duel_matches
    where state = 'playing' and mode = 'live' and q_deadline <= ${iso(nowMs)}${only ? sql` and id in ${only}` : without(liveSweep.resting(nowMs))}
    order by q_deadline limit 100`);
  return liveSweep.each(
    deps,
    due,
    (d) => Number(d.id),
    async (d) => {
      const done = await deps.db.tx(async (tx) => {
        await ledger.lockAccounts(tx, [Number(d.challenger_id), Number(d.opponent_id)]);
        return closeLiveQuestion(deps, tx, Number(d.id), Number(d.current_q), nowMs);
      });
      if (done) afterLiveClose(deps, Number(d.id));
      return done;
    },
  );
}

/** Ends asynchronous duels whose players have both run out of questions or time. */
export async function finishDueAsync(deps: Deps, only?: number[]): Promise<number> {
  const nowMs = deps.clock.now().getTime();
  // The opponent starts last; nobody plays past selfPacedEnd of their start.
  const bound = iso(nowMs - selfPacedEnd(0));
  const due = await deps.db.rows<{ id: number; challenger_id: number; opponent_id: number }>(sql`
    select id, challenger_id, opponent_id from quiz_duel_matches
    where state = 'playing' and mode = 'async'${only ? sql` and id in ${only}` : sql` and opponent_start_at <= ${bound}${without(asyncSweep.resting(nowMs))}`}
    order by id limit 100`);
  const finished = await asyncSweep.each(
    deps,
    due,
    (d) => Number(d.id),
    (d) =>
      deps.db.tx(async (tx) => {
        await ledger.lockAccounts(tx, [Number(d.challenger_id), Number(d.opponent_id)]);
        await tx.rows(sql`select id from quiz_duel_matches where id = ${d.id} for update`);
        return finishIfDone(deps, tx, Number(d.id), nowMs);
      }),
  );
  if (finished > 0) deps.live.changed();
  return finished;
}

/** Refunds unjoined challenges whose wait is over (a live one 2 minutes, an asynchronous one 24 hours). */
export async function expireOpen(deps: Deps, onlyFor?: number[]): Promise<number> {
  const nowIso = deps.clock.now().toISOString();
  const due = await deps.db.rows<{
    id: number;
    challenger_id: number;
    opponent_id: number | null;
  }>(sql`
    select id, challenger_id, opponent_id from quiz_duel_matches
    where state = 'open' and expires_at <= ${nowIso}${onlyFor ? sql` and (challenger_id in ${onlyFor} or opponent_id in ${onlyFor})` : without(openSweep.resting(msOf(nowIso)))}
    order by expires_at limit 100`);
  const expired = await openSweep.each(
    deps,
    due,
    (d) => Number(d.id),
    (d) =>
      deps.db.tx(async (tx) => {
        await ledger.lockAccounts(tx, partiesOf(d));
        const [duel] = await tx.rows<{ id: number; stake: number; challenger_id: number }>(sql`
        update quiz_duel_matches set state = 'expired', closed_at = ${nowIso}
        where id = ${d.id} and state = 'open' and expires_at <= ${nowIso}
        returning id, stake, challenger_id`);
        if (!duel) return false;
        await ledger.post(
          tx,
          [
            {
              userId: Number(duel.challenger_id),
              delta: Number(duel.stake),
              category: 'quiz_refund',
            },
          ],
          { refType: 'quiz_duel', refId: Number(duel.id) },
        );
        await settleQuestionsRound(tx, Number(duel.id));
        await tellParties(tx, Number(duel.id), msOf(nowIso), true);
        return true;
      }),
  );
  if (expired > 0) deps.live.changed();
  return expired;
}
