import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  RPS_CHALLENGE_TTL_MS,
  RPS_MAX_OPEN_CHALLENGES,
  rpsSplit,
  rpsWinner,
  type RpsCancelResponse,
  type RpsChallengeDto,
  type RpsHistoryDto,
  type RpsInviteDto,
  type RpsMove,
  type RpsPlayBody,
  type RpsPlayResponse,
} from '../../../../shared/games/rps/contract';
import type { GameLeaderboardDto } from '../../../../shared/games/index';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { publishLive } from '../../../platform/realtime/publish';
import { recordEvent } from '../../../platform/events';
import { rps } from '../../../../shared/games/rps/meta';
import { bumpStat } from '../../../platform/stats';
import { jsonValue, readPart } from '../../../platform/readParts';
import { ledger } from '../../wallet/public';
import { RowSweep } from '../../../platform/sweepRows';
import { allowedWin } from '../engine/public';
import {
  presentCanceled,
  presentChallenge,
  presentDuelist,
  presentHistory,
  presentInvite,
  presentResolved,
  presentRpsStats,
  presentWaiting,
} from './presenter';
import {
  challengesFrom,
  dueChallenges,
  findOpponent,
  invitesTo,
  duelFiguresJson,
  resolvedDuelsOf,
  topDuelists,
  type Opponent,
} from './queries';
import { accountsSql } from '../../accounts/public';

/**
 * Rock-paper-scissors duels. Lock order in every transaction: the accounts of both parties
 * first (ledger.lockAccounts, ascending ids), then the duel row by its conditional UPDATE,
 * then the postings. Every play, cancel and expiry of a duel locks its challenger's account,
 * so they queue behind each other, and the state guard makes whichever comes second a no-op.
 */

const commitmentOf = (move: RpsMove, salt: string): string =>
  createHash('sha256').update(`${move}:${salt}`).digest('hex');

interface DuelParties {
  id: number;
  challenger_id: number;
  opponent_id: number;
  buy_in: number;
}

/** Both parties' tabs learn of every change (the other side, and the actor's other tabs). */
async function tellParties(
  q: Queryable,
  kind: 'duel.invited' | 'duel.resolved' | 'duel.canceled',
  duel: DuelParties,
): Promise<void> {
  const payload = { duelId: String(duel.id) };
  await publishLive(q, kind, payload, Number(duel.opponent_id));
  await publishLive(q, kind, payload, Number(duel.challenger_id));
}

async function refundChallenger(q: Queryable, duel: DuelParties): Promise<Map<number, number>> {
  return ledger.post(
    q,
    [
      {
        userId: Number(duel.challenger_id),
        delta: Number(duel.buy_in),
        category: 'duel_refund',
        counterpartyId: Number(duel.opponent_id),
      },
    ],
    { refType: 'duel', refId: Number(duel.id) },
  );
}

const expirySweep = new RowSweep('expiring duel challenges');

/**
 * Refunds every open challenge whose 24 hours are up (by deps.clock), one transaction each:
 * the conditional UPDATE (state 'open', expires_at <= now) lets an answer, a cancel or another
 * sweep racing it apply only once. `onlyFor` limits it to duels of those users (the lazy sweep
 * before their reads and plays). Returns how many it expired.
 */
export async function sweepExpired(deps: Deps, onlyFor?: number[]): Promise<number> {
  const now = deps.clock.now().toISOString();
  const due = await dueChallenges(
    deps.db,
    now,
    onlyFor,
    expirySweep.resting(deps.clock.now().getTime()),
  );
  const expired = await expirySweep.each(
    deps,
    due,
    (d) => Number(d.id),
    (candidate) =>
      deps.db.tx(async (tx) => {
        // Both parties: the refund names the opponent as counterparty and the event goes to them,
        // each a key-share lock on their row that must not be taken after this duel's row lock.
        await ledger.lockAccounts(tx, [
          Number(candidate.challenger_id),
          Number(candidate.opponent_id),
        ]);
        const [duel] = await tx.rows<DuelParties>(sql`
        update rps_duels set state = 'expired', closed_at = ${now}
        where id = ${candidate.id} and state = 'open' and expires_at <= ${now}
        returning id, challenger_id, opponent_id, buy_in`);
        if (!duel) return false;
        await refundChallenger(tx, duel);
        await tellParties(tx, 'duel.canceled', duel);
        return true;
      }),
  );
  // Reads and the timer sweep too, and only writes' responses wake the live readers.
  if (expired > 0) deps.live.changed();
  return expired;
}

const unavailable = (o: Opponent) => conflict(`${o.username} is ${o.status} and cannot play`);

/**
 * POST /api/games/rps. Answers the opponent's oldest open challenge to the caller at exactly
 * this buy-in; with none, challenges them. Both parties' accounts are locked first, so two
 * plays of one user (two tabs, a double click) run one after the other: the second finds the
 * challenge resolved and makes a new challenge of its own.
 */
export async function play(
  deps: Deps,
  userId: number,
  body: RpsPlayBody,
): Promise<RpsPlayResponse> {
  const opponent = await findOpponent(deps.db, body.opponentUsername);
  if (!opponent) throw notFound('No such user');
  if (opponent.id === userId) throw badRequest('opponentUsername: you cannot challenge yourself');
  if (opponent.status !== 'active') throw unavailable(opponent);
  await sweepExpired(deps, [userId, opponent.id]);
  const now = deps.clock.now();
  return deps.db
    .tx(async (tx) => {
      await ledger.lockAccounts(tx, [userId, opponent.id], userId);
      const [current] = await tx.rows<{ status: string }>(accountsSql.statusOf(opponent.id));
      if (current?.status !== 'active')
        throw unavailable({ ...opponent, status: current?.status ?? 'deleted' });

      const [waiting] = await tx.rows<{ id: number }>(sql`
      select id from rps_duels
      where challenger_id = ${opponent.id} and opponent_id = ${userId} and state = 'open'
        and buy_in = ${body.buyIn} and expires_at > ${now.toISOString()}
      order by id limit 1`);
      if (waiting) return answer(tx, now, userId, Number(waiting.id), body.userChoice);
      return challenge(tx, now, userId, opponent, body);
    })
    .finally(() => deps.events.nudge());
}

async function answer(
  tx: Queryable,
  now: Date,
  userId: number,
  duelId: number,
  move: RpsMove,
): Promise<RpsPlayResponse> {
  const [duel] = await tx.rows<DuelParties & { challenger_move: RpsMove }>(sql`
    update rps_duels set state = 'resolved', opponent_move = ${move}, closed_at = ${now.toISOString()},
      winner_id = case
        when challenger_move = ${move} then null
        when (challenger_move, ${move}::text) in (('rock', 'scissors'), ('paper', 'rock'), ('scissors', 'paper')) then challenger_id
        else opponent_id end
    where id = ${duelId} and opponent_id = ${userId} and state = 'open' and expires_at > ${now.toISOString()}
    returning id, challenger_id, opponent_id, buy_in, challenger_move`);
  if (!duel) throw conflict('This challenge was just answered, canceled or expired; try again');
  const buyIn = Number(duel.buy_in);
  const challengerId = Number(duel.challenger_id);
  const ref = { refType: 'duel' as const, refId: Number(duel.id) };
  const afterBuyIn = await ledger.post(
    tx,
    [{ userId, delta: -buyIn, category: 'duel_buy_in', counterpartyId: challengerId }],
    ref,
    { actorId: userId },
  );
  const result = rpsWinner(move, duel.challenger_move);
  let balances: Map<number, number>;
  if (result === 'draw') {
    balances = await ledger.post(
      tx,
      [
        { userId: challengerId, delta: buyIn, category: 'duel_refund', counterpartyId: userId },
        { userId, delta: buyIn, category: 'duel_refund', counterpartyId: challengerId },
      ],
      ref,
    );
  } else {
    const [winner, loser] = result === 'a' ? [userId, challengerId] : [challengerId, userId];
    // Between accounts sharing an address the win is capped; the cut part goes back to the loser.
    const split = rpsSplit(buyIn, await allowedWin(tx, winner, loser, buyIn, now.getTime()));
    balances = await ledger.post(
      tx,
      [
        { userId: winner, delta: split.winner, category: 'duel_payout', counterpartyId: loser },
        { userId: loser, delta: split.loser, category: 'duel_refund', counterpartyId: winner },
      ],
      { ...ref, houseCategory: 'duel_payout' },
    );
    await bumpStat(tx, winner, 'rps_wins');
  }
  await tellParties(tx, 'duel.resolved', duel);
  await recordEvent(tx, 'DuelChanged', {
    duelKey: `rps:${duel.id}`,
    change: 'ended',
    gameName: rps.name,
    link: `/games/${rps.slug}`,
    fromUserId: userId,
    toUserId: challengerId,
    stake: buyIn,
    // The challenger's outcome ('a' is the answerer).
    outcome: result === 'draw' ? 'draw' : result === 'a' ? 'lost' : 'won',
  });
  // From the payout or refund when it reached the answerer, else from the buy-in.
  const balance = postedBalance(balances.has(userId) ? balances : afterBuyIn, userId);
  return presentResolved(Number(duel.id), move, duel.challenger_move, result, balance);
}

/** A user's balance as the posting that moved it left it (ledger balance_after), never read again. */
function postedBalance(balances: Map<number, number>, userId: number): number {
  const balance = balances.get(userId);
  if (balance === undefined)
    throw new Error(`rps: the posting returned no balance for user ${userId}`);
  return balance;
}

async function challenge(
  tx: Queryable,
  now: Date,
  userId: number,
  opponent: Opponent,
  body: RpsPlayBody,
): Promise<RpsPlayResponse> {
  // The caller's account lock makes this count exact under parallel plays.
  const [open] = await tx.rows<{ n: number }>(sql`
    select count(*)::int as n from rps_duels where challenger_id = ${userId} and state = 'open' and expires_at > ${now.toISOString()}`);
  if ((open?.n ?? 0) >= RPS_MAX_OPEN_CHALLENGES) {
    throw conflict(
      `You can have at most ${RPS_MAX_OPEN_CHALLENGES} open challenges; cancel one or wait for an answer`,
    );
  }
  const salt = randomBytes(16).toString('hex');
  const commitment = commitmentOf(body.userChoice, salt);
  const expiresAt = new Date(now.getTime() + RPS_CHALLENGE_TTL_MS);
  const [duel] = await tx.rows<DuelParties>(sql`
    insert into rps_duels (challenger_id, opponent_id, buy_in, challenger_move, salt, commitment, created_at, expires_at)
    values (${userId}, ${opponent.id}, ${body.buyIn}, ${body.userChoice}, ${salt}, ${commitment}, ${now.toISOString()}, ${expiresAt.toISOString()})
    returning id, challenger_id, opponent_id, buy_in`);
  if (!duel) throw new Error('rps: insert returned nothing');
  const balances = await ledger.post(
    tx,
    [{ userId, delta: -body.buyIn, category: 'duel_buy_in', counterpartyId: opponent.id }],
    { refType: 'duel', refId: Number(duel.id) },
    { actorId: userId },
  );
  await tellParties(tx, 'duel.invited', duel);
  await recordEvent(tx, 'DuelChanged', {
    duelKey: `rps:${duel.id}`,
    change: 'challenged',
    gameName: rps.name,
    link: `/games/${rps.slug}`,
    fromUserId: userId,
    toUserId: opponent.id,
    stake: body.buyIn,
    outcome: null,
  });
  return presentWaiting(
    Number(duel.id),
    body.userChoice,
    commitment,
    expiresAt,
    postedBalance(balances, userId),
  );
}

/** The challenger takes back an open challenge: the buy-in comes back. */
export async function cancel(
  deps: Deps,
  userId: number,
  duelId: number,
): Promise<RpsCancelResponse> {
  await sweepExpired(deps, [userId]);
  const now = deps.clock.now().toISOString();
  return deps.db.tx(async (tx) => {
    const [header] = await tx.rows<{ challenger_id: number; opponent_id: number; state: string }>(
      sql`select challenger_id, opponent_id, state from rps_duels where id = ${duelId}`,
    );
    if (!header || Number(header.challenger_id) !== userId)
      throw notFound(`id: you have no challenge with id ${duelId}`);
    await ledger.lockAccounts(tx, [userId, Number(header.opponent_id)]);
    const [duel] = await tx.rows<DuelParties>(sql`
      update rps_duels set state = 'canceled', closed_at = ${now}
      where id = ${duelId} and challenger_id = ${userId} and state = 'open'
      returning id, challenger_id, opponent_id, buy_in`);
    if (!duel) {
      const [row] = await tx.rows<{ state: string }>(
        sql`select state from rps_duels where id = ${duelId}`,
      );
      throw conflict(
        `This challenge is already ${row?.state ?? header.state}; it cannot be canceled`,
      );
    }
    const balances = await refundChallenger(tx, duel);
    await tellParties(tx, 'duel.canceled', duel);
    return presentCanceled(Number(duel.id), postedBalance(balances, userId));
  });
}

/**
 * Ends every open duel of a user who is banned or deletes the account, refunding each
 * challenger; runs in the caller's transaction (admin setStatus, accounts deleteAccount), before
 * it locks that user's row. Returns how many it canceled.
 */
export async function cancelDuelsOf(q: Queryable, userId: number): Promise<number> {
  const open = await q.rows<{ challenger_id: number; opponent_id: number }>(sql`
    select challenger_id, opponent_id from rps_duels where (challenger_id = ${userId} or opponent_id = ${userId}) and state = 'open'`);
  if (open.length === 0) return 0;
  await ledger.lockAccounts(
    q,
    open.flatMap((r) => [Number(r.challenger_id), Number(r.opponent_id)]),
  );
  const duels = await q.rows<DuelParties>(sql`
    update rps_duels set state = 'canceled', closed_at = now()
    where (challenger_id = ${userId} or opponent_id = ${userId}) and state = 'open'
    returning id, challenger_id, opponent_id, buy_in`);
  for (const duel of duels.sort((a, b) => Number(a.id) - Number(b.id))) {
    await refundChallenger(q, duel);
    await tellParties(q, 'duel.canceled', duel);
  }
  return duels.length;
}

export async function invites(deps: Deps, userId: number): Promise<RpsInviteDto[]> {
  await sweepExpired(deps, [userId]);
  return (await invitesTo(deps.db, userId, deps.clock.now())).map(presentInvite);
}

export async function challenges(deps: Deps, userId: number): Promise<RpsChallengeDto[]> {
  await sweepExpired(deps, [userId]);
  return (await challengesFrom(deps.db, userId, deps.clock.now())).map(presentChallenge);
}

export async function history(deps: Deps, userId: number): Promise<RpsHistoryDto[]> {
  await sweepExpired(deps, [userId]);
  return (await resolvedDuelsOf(deps.db, userId)).map((r) => presentHistory(r, userId));
}

/** GET /api/games/progress's rpsStats: wins from the rps_wins counter, games counted from resolved duels (draws too). */
export const rpsProgress = readPart({
  expr: ({ userId }) => duelFiguresJson(userId),
  decode: (value) => {
    const figures = jsonValue(value, { wins: 0, games: 0 });
    return { rpsStats: presentRpsStats(Number(figures.wins), Number(figures.games)) };
  },
});

/** The top active players by duel wins, then games played. */
export async function rpsLeaderboard(q: Queryable): Promise<GameLeaderboardDto['rps']> {
  return (await topDuelists(q)).map(presentDuelist);
}
