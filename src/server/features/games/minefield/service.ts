import { sql } from 'drizzle-orm';
import type {
  MinefieldActiveDto,
  MinefieldCashoutResponse,
  MinefieldRevealResponse,
  MinefieldStartResponse,
} from '../../../../shared/games/minefield/contract';
import { savedGamePayout } from '../../../../shared/games/engine/items';
import { minefieldBoard } from '../../../../shared/games/minefield/rules';
import {
  minefieldMinStakeMessage,
  minefieldSettingMinStake,
  type MinefieldSetting,
} from '../../../../shared/games/minefield/minimumStake';
import { pgErrorCode, type Db, type Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { badRequest, banned, conflict, notFound } from '../../../platform/errors';
import { defineHotWrite } from '../../../platform/batching/hotWrite';
import { lastSeen } from '../../../platform/batching/lastSeen';
import { refusalOf, refuse } from '../../../platform/batching/refusals';
import { bumpStat, statBumpCte } from '../../../platform/stats';
import { ledger } from '../../wallet/public';
import { pickMinefieldItems, type MinefieldItems } from '../../items/public';
import { playSettledRound } from '../engine/public';
import { moveForRound } from '../engine/public';
import { nextRound, roundsTable, type Draw } from '../engine/public';
import {
  cellsOf,
  potential,
  presentActive,
  presentCashout,
  presentReveal,
  presentStart,
  type Board,
  type GameRow,
  type Params,
} from './presenter';
import { openGameOf } from './queries';
import { accountsSql } from '../../accounts/public';

type StartBody = { betAmount: number; rows: number; cols: number; mines: number };

/** The board a start deals from a draw, with the items it picked (none on the one-statement path). */
function deal(
  draw: Draw,
  body: StartBody,
  items: MinefieldItems,
): { params: Params; outcome: Board } {
  const params: Params = {
    rows: body.rows,
    cols: body.cols,
    mines: body.mines,
    mineReduction: items.mineReduction,
    stake: body.betAmount,
  };
  const board = minefieldBoard(draw.serverSeed, draw.clientSeed, draw.nonce, params);
  const outcome: Board = {
    mines: board.positions,
    placed: board.placed,
    revealed: [],
    forgiven: [],
    extraSafeClicks: items.extraSafeClicks,
    safeClickItemPrice: items.safeClickItemPrice,
    exploded: false,
    reward: 0,
    bonus: 0,
  };
  return { params, outcome };
}

const NO_ITEMS: MinefieldItems = { extraSafeClicks: 0, mineReduction: 0, safeClickItemPrice: 0 };

/** The published return holds only from the setting's minimum stake up (shared/games/minefield/minimumStake.ts). */
function assertMinStake(body: StartBody, mineReduction: number): void {
  const setting: MinefieldSetting = {
    rows: body.rows,
    cols: body.cols,
    mines: body.mines,
    mineReduction,
  };
  const min = minefieldSettingMinStake(setting);
  if (body.betAmount < min)
    throw badRequest(minefieldMinStakeMessage(setting), [
      { field: 'betAmount', rule: 'too_small', limit: min },
    ]);
}

/**
 * A start by a player who holds no Minefield item is one statement after the seed is known
 * (engine/oneStatement.ts, with other players' rounds): the round is recorded open, holding the
 * stake, unless the player already has an open game or has come to hold such an item meanwhile.
 * A player holding one takes the locked transaction below, which uses the items up.
 */
export async function start(
  deps: Deps,
  userId: number,
  body: StartBody,
): Promise<MinefieldStartResponse> {
  // Fewer mines placed only raise the minimum: a stake below the plain one is refused at once.
  assertMinStake(body, 0);
  try {
    const now = deps.clock.now();
    let dealt: { params: Params; outcome: Board } | undefined;
    const quick = await playSettledRound(deps, userId, 'minefield', now, (read) => {
      if (read.minefieldItems) return null;
      dealt = deal(read.draw, body, NO_ITEMS);
      return {
        assumesNoBuff: [],
        assumesNoItems: true,
        open: true,
        params: { ...dealt.params },
        outcome: { ...dealt.outcome },
        stake: body.betAmount,
        payout: 0,
        payoutCategory: 'game_payout',
      };
    });
    if (quick && dealt) {
      const game: GameRow = { id: quick.id, state: 'open', ...dealt };
      openGames(deps.db).set(quick.id, { userId, game });
      return presentStart(quick.id, quick.draw.nonce, game.params, game.outcome, quick.balance);
    }
    const started = await deps.db.tx(async (tx) => {
      const items = await pickMinefieldItems(tx, userId);
      // Refused before anything is written: the transaction leaves the items where they were.
      assertMinStake(body, items.mineReduction);
      const round = await nextRound(tx, userId, 'minefield', (draw) => {
        const { params, outcome } = deal(draw, body, items);
        return {
          params: { ...params },
          outcome: { ...outcome },
          stake: body.betAmount,
          payout: 0,
          state: 'open' as const,
        };
      });
      await items.take(round.id);
      // The stake is held by the house until the game ends (escrow), against the round.
      const balance = await moveForRound(tx, userId, round.id, -body.betAmount, 'game_stake');
      return { round, balance };
    });
    const { round } = started;
    openGames(deps.db).set(round.id, {
      userId,
      game: {
        id: round.id,
        state: 'open',
        params: round.record.params,
        outcome: round.record.outcome,
      },
    });
    return presentStart(
      round.id,
      round.draw.nonce,
      round.record.params,
      round.record.outcome,
      started.balance,
    );
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw conflict('You already have a Minefield game running: finish it first');
    throw err;
  }
}

async function lockGame(tx: Queryable, userId: number, sessionId: string): Promise<GameRow> {
  if (!/^[1-9][0-9]{0,15}$/.test(sessionId)) throw badRequest('sessionId must be a valid id');
  const [row] = await tx.rows<GameRow>(sql`
    select id, state, params, outcome from ${roundsTable}
    where id = ${Number(sessionId)} and user_id = ${userId} and game = 'minefield' for update`);
  if (!row) throw notFound(`sessionId: no Minefield game ${sessionId}`);
  if (row.state !== 'open') throw conflict('This game has already ended');
  return row;
}

/** What a cash-out of this board pays (reward multipliers do not boost wager winnings). */
function cashoutReward(game: GameRow): number {
  const paid = potential(game.params, game.outcome);
  // A game an extra safe click saved pays within that item's cap (shared/games/engine/items.ts).
  return game.outcome.forgiven.length > 0
    ? savedGamePayout(paid, game.outcome.safeClickItemPrice)
    : paid;
}

/** Ends a game with a cash-out inside the caller's transaction: pays, settles, counts the win. */
async function payOut(
  tx: Queryable,
  userId: number,
  game: GameRow,
): Promise<{ reward: number; balance: number; board: Board }> {
  const p = game.params;
  const reward = cashoutReward(game);
  const board: Board = { ...game.outcome, reward, bonus: 0 };
  await tx.rows(sql`
    update ${roundsTable} set state = 'settled', settled_at = now(), payout = ${reward}, outcome = ${JSON.stringify(board)}::jsonb
    where id = ${game.id} and state = 'open'`);
  let balance: number;
  if (reward > 0) balance = await moveForRound(tx, userId, game.id, reward, 'game_payout');
  else
    balance = Number(
      (await tx.rows<{ balance: number }>(accountsSql.balanceOf(userId)))[0]?.balance ?? 0,
    );
  if (reward > p.stake) await bumpStat(tx, userId, 'minefield_wins');
  return { reward, balance, board };
}

/** What a reveal does to a board, decided from the board alone: null when it ends in a cash-out. */
function revealOn(
  p: GameRow['params'],
  b: Board,
  cellIndex: number,
): { board: Board; settled: boolean; forgiven?: true } | null {
  if (cellIndex >= cellsOf(p)) throw badRequest(`cellIndex must be below ${cellsOf(p)}`);
  if (b.revealed.includes(cellIndex) || b.forgiven.includes(cellIndex))
    throw badRequest('cellIndex: that cell is already revealed');
  if (b.mines.includes(cellIndex)) {
    if (b.extraSafeClicks > 0)
      return {
        board: {
          ...b,
          forgiven: [...b.forgiven, cellIndex],
          extraSafeClicks: b.extraSafeClicks - 1,
        },
        settled: false,
        forgiven: true,
      };
    return { board: { ...b, exploded: true }, settled: true };
  }
  const board: Board = { ...b, revealed: [...b.revealed, cellIndex] };
  return board.revealed.length === cellsOf(p) - b.placed ? null : { board, settled: false };
}

const OPTIMISTIC_REVEALS = 3;

/**
 * Open games as this process last left them, so a player's next reveal or cash-out skips the
 * read: the write below applies only if the board is still exactly the one remembered, and
 * otherwise the game is read again. Mines and params never change, and a remembered board can
 * only lag behind the real one, so a refusal it gives (a cell already revealed) holds too.
 */
const openGames = lastSeen<number, { userId: number; game: GameRow }>(20_000);

/** The open game, remembered if `remembered` allows the remembered board, else read. */
async function readGame(
  deps: Deps,
  userId: number,
  sessionId: string,
  remembered: (g: GameRow) => boolean,
): Promise<GameRow> {
  const seen = openGames(deps.db).get(Number(sessionId));
  if (seen?.userId === userId && remembered(seen.game)) return seen.game;
  const [game] = await deps.db.rows<GameRow>(sql`
    select id, state, params, outcome from ${roundsTable} where id = ${Number(sessionId)} and user_id = ${userId} and game = 'minefield'`);
  if (!game) throw notFound(`sessionId: no Minefield game ${sessionId}`);
  if (game.state !== 'open') throw conflict('This game has already ended');
  return game;
}

/** A reveal that pays nothing, as one conditional UPDATE of its round (see reveal). */
interface BoardMove {
  gameId: number;
  userId: number;
  seen: Board;
  board: Board;
  settled: boolean;
}

const REVEAL = (() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
    update ${roundsTable} set outcome = ${p('board')}::jsonb,
      state = case when ${p('settled')}::boolean then 'settled' else state end,
      settled_at = case when ${p('settled')}::boolean then now() else settled_at end,
      payout = case when ${p('settled')}::boolean then 0 else payout end
    where id = ${p('gameId')} and user_id = ${p('userId')} and game = 'minefield' and state = 'open' and outcome = ${p('seen')}::jsonb
    returning id`;
})();

/**
 * REVEAL for many games in one statement (platform/batching/hotWrite.ts): each board moves only
 * where its round is still open with the board its reveal was decided on, as REVEAL; a round
 * another transaction holds is skipped, and its reveal goes alone.
 */
const REVEALS = sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('items')}::jsonb) as t(i int, game_id bigint, user_id bigint, seen jsonb, board jsonb, settled boolean)
    ), still as (
      select g.id, input.i, input.board, input.settled from ${roundsTable} g join input on g.id = input.game_id
      where g.user_id = input.user_id and g.game = 'minefield' and g.state = 'open' and g.outcome = input.seen
      for update of g skip locked
    )
    update ${roundsTable} g set outcome = still.board,
      state = case when still.settled then 'settled' else g.state end,
      settled_at = case when still.settled then now() else g.settled_at end,
      payout = case when still.settled then 0 else g.payout end
    from still where g.id = still.id
    returning still.i`;

/** The round a reveal moved: REVEAL answers its id, REVEALS the move's index `i`. */
type Moved = { id: number };

/** No explain re-read: a board that moved on is read again, and the reveal decided afresh (reveal). */
const reveals = defineHotWrite<BoardMove, Moved, Moved, { i: number }>({
  name: 'minefield_reveal',
  alone: {
    statement: REVEAL,
    params: (m) => ({
      board: JSON.stringify(m.board),
      settled: m.settled,
      gameId: m.gameId,
      userId: m.userId,
      seen: JSON.stringify(m.seen),
    }),
  },
  group: {
    statement: REVEALS,
    keyOf: (m) => m.gameId,
    toJson: (m) => ({
      game_id: m.gameId,
      user_id: m.userId,
      seen: m.seen,
      board: m.board,
      settled: m.settled,
    }),
    fromRow: (_row, m) => ({ id: m.gameId }),
  },
});

/** Reveal statements and reveals applied together by this process on `db` so far. */
export const revealGroupCounts = (db: Db) => reveals.counts(db);
/** Tests: holds back this process's reveal statements on `db` until the answer is called. */
export const holdRevealGroups = (db: Db) => reveals.hold(db);

/** Applies a reveal that pays nothing; false when the board was no longer the one it was decided on. */
async function moveBoard(db: Db, move: BoardMove): Promise<boolean> {
  return (await reveals.run(db, move)) !== undefined;
}

/**
 * A reveal that pays nothing (a safe cell, a forgiven mine, an explosion) is one conditional
 * UPDATE after the board is known (remembered, or read), with no transaction, made together with
 * other players' reveals: the update applies only if the board is still the one known, so a
 * cash-out or another reveal that got in first makes it match nothing and the reveal is decided
 * again on the board read afresh. A reveal that finds the last safe cell cashes out, in the
 * locked transaction below.
 */
export async function reveal(
  deps: Deps,
  userId: number,
  sessionId: string,
  cellIndex: number,
): Promise<MinefieldRevealResponse> {
  if (!/^[1-9][0-9]{0,15}$/.test(sessionId)) throw badRequest('sessionId must be a valid id');
  const games = openGames(deps.db);
  for (let attempt = 0; attempt < OPTIMISTIC_REVEALS; attempt++) {
    const game = await readGame(deps, userId, sessionId, () => attempt === 0);
    const next = revealOn(game.params, game.outcome, cellIndex);
    if (!next) break;
    const moved = await moveBoard(deps.db, {
      gameId: game.id,
      userId,
      seen: game.outcome,
      board: next.board,
      settled: next.settled,
    });
    games.set(
      game.id,
      moved && !next.settled ? { userId, game: { ...game, outcome: next.board } } : null,
    );
    if (moved)
      return presentReveal(game.params, next.board, next.forgiven ? { forgiven: true } : undefined);
  }
  games.set(Number(sessionId), null);
  return revealLocked(deps, userId, sessionId, cellIndex);
}

async function revealLocked(
  deps: Deps,
  userId: number,
  sessionId: string,
  cellIndex: number,
): Promise<MinefieldRevealResponse> {
  return deps.db.tx(async (tx) => {
    const game = await lockGame(tx, userId, sessionId);
    const p = game.params;
    const next = revealOn(p, game.outcome, cellIndex);
    if (next) {
      await tx.rows(sql`
        update ${roundsTable} set outcome = ${JSON.stringify(next.board)}::jsonb
          ${next.settled ? sql`, state = 'settled', settled_at = now(), payout = 0` : sql``}
        where id = ${game.id}`);
      return presentReveal(p, next.board, next.forgiven ? { forgiven: true } : undefined);
    }
    // Every safe cell found: the game cashes out by itself ('Solved it!').
    const board: Board = { ...game.outcome, revealed: [...game.outcome.revealed, cellIndex] };
    const paid = await payOut(tx, userId, { ...game, outcome: board });
    return presentReveal(p, board, { cashedOut: paid });
  });
}

/**
 * A cash-out is one statement with no transaction once the board is known (remembered, or read):
 * the round is settled only if its board is still the one known, and the same statement pays it
 * through the ledger and counts a win. An account that is not active is refused ('banned'), which
 * rolls the statement back; a board that moved on is read again, and after a few tries the locked
 * transaction settles it.
 */
const CASHOUT = (() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
    with settled as (
      update ${roundsTable} set state = 'settled', settled_at = now(), payout = ${p('reward')}::bigint, outcome = ${p('board')}::jsonb
      where id = ${p('gameId')} and user_id = ${p('userId')} and state = 'open' and outcome = ${p('seen')}::jsonb
      returning id
    ), ${ledger.accountUpdate('paid', {
      userId: sql`${p('userId')}::bigint`,
      delta: sql`${p('reward')}::bigint`,
      category: 'game_payout',
      actor: true,
      when: sql`exists (select 1 from settled)`,
    })}, ${ledger.ledgerRowsFor(['paid'], { refType: 'round', refId: sql`select id from settled`, houseCategory: 'game_payout' })},
    ${statBumpCte('won', sql`${p('userId')}::bigint`, 'minefield_wins', sql`exists (select 1 from paid) and ${p('reward')}::bigint > ${p('stake')}::bigint`)}
    select (select id from settled) as settled_id, (select balance_after from paid) as balance,
      case when exists (select 1 from settled) and not exists (select 1 from paid) then ${refuse('banned')} else 1 end as guard`;
})();

export async function cashout(
  deps: Deps,
  userId: number,
  sessionId: string,
): Promise<MinefieldCashoutResponse> {
  if (!/^[1-9][0-9]{0,15}$/.test(sessionId)) throw badRequest('sessionId must be a valid id');
  const games = openGames(deps.db);
  for (let attempt = 0; attempt < OPTIMISTIC_REVEALS; attempt++) {
    // A remembered board with nothing revealed may lag behind: only a read may refuse for that.
    const game = await readGame(
      deps,
      userId,
      sessionId,
      (g) => attempt === 0 && g.outcome.revealed.length > 0,
    );
    if (game.outcome.revealed.length === 0)
      throw conflict('Reveal at least one safe cell before cashing out');
    const reward = cashoutReward(game);
    // Nothing to pay: the locked path settles it (the ledger writes no zero rows).
    if (reward === 0) break;
    const board: Board = { ...game.outcome, reward, bonus: 0 };
    let rows: { settled_id: number | null; balance: number | null }[];
    try {
      rows = await deps.db.compiled('minefield_cashout', CASHOUT, {
        reward,
        board: JSON.stringify(board),
        gameId: game.id,
        userId,
        seen: JSON.stringify(game.outcome),
        stake: game.params.stake,
      });
    } catch (err) {
      throw refusalOf(err) === 'banned' ? banned() : err;
    }
    const [row] = rows;
    games.set(game.id, null);
    if (row?.settled_id != null && row.balance != null)
      return presentCashout(game.outcome, { reward, balance: Number(row.balance) });
  }
  games.set(Number(sessionId), null);
  return cashoutLocked(deps, userId, sessionId);
}

async function cashoutLocked(
  deps: Deps,
  userId: number,
  sessionId: string,
): Promise<MinefieldCashoutResponse> {
  return deps.db.tx(async (tx) => {
    const game = await lockGame(tx, userId, sessionId);
    if (game.outcome.revealed.length === 0)
      throw conflict('Reveal at least one safe cell before cashing out');
    const paid = await payOut(tx, userId, game);
    return presentCashout(game.outcome, paid);
  });
}

export async function active(deps: Deps, userId: number): Promise<MinefieldActiveDto | null> {
  const game = await openGameOf(deps.db, userId);
  return game ? presentActive(game) : null;
}
