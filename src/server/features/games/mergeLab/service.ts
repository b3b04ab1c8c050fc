import { sql } from 'drizzle-orm';
import type {
  MergeLabActionResponse,
  MergeLabDto,
} from '../../../../shared/games/mergeLab/contract';
import * as lab from '../../../../shared/games/mergeLab/rules';
import type { Deps } from '../../../platform/deps';
import { ledger } from '../../wallet/public';
import { applyIntent, applyPure, readState, type GameStateTable } from '../engine/public';
import { nextRound } from '../engine/public';

/*
 * Merge Lab on the server: every action runs the shared rule (shared/games/mergeLab/rules.ts) on the
 * stored board under engine/gameState's row lock. A tap is a round of the player's fairness
 * stream ('merge-lab'); orders and sales pay coins through the ledger, each a merge_lab_payouts row.
 */

const TABLE: GameStateTable = { table: 'merge_lab_games' };
const initial = (deps: Deps) => () => lab.initialState(deps.clock.now().getTime());

/**
 * The stored state, checked enough that a damaged row fails loudly rather than paying. A state
 * stored before the daily cap has no day count: it reads as nothing paid today.
 */
function parseState(json: unknown): lab.MergeLabState {
  const stored = json as Omit<lab.MergeLabState, 'paidDay' | 'paidToday'> &
    Partial<Pick<lab.MergeLabState, 'paidDay' | 'paidToday'>>;
  const s: lab.MergeLabState = stored && {
    ...stored,
    paidDay: stored.paidDay ?? 0,
    paidToday: stored.paidToday ?? 0,
  };
  if (
    !s ||
    !Array.isArray(s.board) ||
    s.board.length !== lab.BOARD_CELLS ||
    !Array.isArray(s.orders) ||
    s.orders.length !== lab.ORDER_SLOTS
  ) {
    throw new Error('merge-lab: stored state is malformed');
  }
  for (const n of [
    s.energy,
    s.energyAt,
    s.orderCounter,
    s.taps,
    s.coinsEarned,
    s.paidDay,
    s.paidToday,
  ])
    if (!Number.isFinite(n)) throw new Error('merge-lab: stored state is malformed');
  return s;
}

function present(state: lab.MergeLabState, nowMs: number): MergeLabDto {
  const settled = lab.settleEnergy(state, nowMs);
  return {
    state: settled,
    serverTime: new Date(nowMs).toISOString(),
    nextEnergyAt: lab.nextEnergyAt(settled, nowMs),
  };
}

export async function view(deps: Deps, userId: number): Promise<MergeLabDto> {
  const { state } = await readState(deps, TABLE, userId, initial(deps), parseState);
  return present(state, deps.clock.now().getTime());
}

/** An action that moves no coins. */
async function act(
  deps: Deps,
  userId: number,
  rule: (s: lab.MergeLabState, nowMs: number) => lab.MergeLabState,
): Promise<MergeLabActionResponse> {
  const nowMs = deps.clock.now().getTime();
  const result = await applyPure(
    deps,
    TABLE,
    userId,
    initial(deps),
    parseState,
    (s) => s,
    (current, balance) => ({
      state: rule(lab.settleEnergy(current, nowMs), nowMs),
      balance,
    }),
  );
  return { ...present(result.state, nowMs), balance: result.balance, coins: 0, drop: null };
}

export const merge = (deps: Deps, userId: number, from: number, to: number) =>
  act(deps, userId, (s) => lab.merge(s, from, to));
export const move = (deps: Deps, userId: number, from: number, to: number) =>
  act(deps, userId, (s) => lab.move(s, from, to));

/**
 * A tap: refused (no energy, a full board) before it takes a nonce; otherwise the round draws the
 * chain and the cell from the player's stream and records the empty cells it chose among.
 */
export async function tap(deps: Deps, userId: number): Promise<MergeLabActionResponse> {
  const nowMs = deps.clock.now().getTime();
  const result = await applyIntent(
    deps,
    TABLE,
    userId,
    initial(deps),
    parseState,
    (s) => s,
    async (tx, current, balance) => {
      const settled = lab.settleEnergy(current, nowMs);
      if (settled.energy < lab.TAP_ENERGY) throw new RangeError('Not enough energy');
      if (lab.emptyCells(settled.board).length === 0) throw new RangeError('The board is full');
      let next: lab.MergeLabState = settled;
      const round = await nextRound(tx, userId, 'merge-lab', (draw) => {
        const tapped = lab.tap(settled, nowMs, draw);
        next = tapped.state;
        return {
          params: tapped.params,
          outcome: { chain: tapped.draw.chain, cell: tapped.draw.cell },
          stake: 0,
          payout: 0,
        };
      });
      const outcome = round.record.outcome as { chain: string; cell: number };
      return {
        state: next,
        balance,
        drop: { chain: outcome.chain, cell: outcome.cell, roundId: String(round.id) },
      };
    },
  );
  return { ...present(result.state, nowMs), balance: result.balance, coins: 0, drop: result.drop };
}

/** Orders and sales: the coins, a merge_lab_payouts row and the state in one transaction. */
async function pay(
  deps: Deps,
  userId: number,
  kind: 'order' | 'sale',
  rule: (
    s: lab.MergeLabState,
    nowMs: number,
  ) => { state: lab.MergeLabState; coins: number; item: lab.MergeItem },
): Promise<MergeLabActionResponse> {
  const nowMs = deps.clock.now().getTime();
  const result = await applyIntent(
    deps,
    TABLE,
    userId,
    initial(deps),
    parseState,
    (s) => s,
    async (tx, current, balance) => {
      // The day's cap is checked by the rule on the locked state, written back by the version's conditional UPDATE.
      const done = rule(lab.settleEnergy(current, nowMs), nowMs);
      if (done.coins === 0) return { state: done.state, coins: 0, balance };
      // The posting before the payout row: the row's foreign key would take a key-share lock on the
      // account that another transaction's posting could be waiting behind (see mysteryBox.sell).
      const [next] = await tx.rows<{ id: number }>(
        sql`select nextval('merge_lab_payouts_id_seq') as id`,
      );
      const id = Number(next!.id);
      const balances = await ledger.post(
        tx,
        [{ userId, delta: done.coins, category: kind === 'order' ? 'merge_order' : 'merge_sale' }],
        { refType: 'merge_payout', refId: id },
        { actorId: userId },
      );
      await tx.rows(
        sql`insert into merge_lab_payouts (id, user_id, kind, chain, tier, coins) values (${id}, ${userId}, ${kind}, ${done.item.c}, ${done.item.t}, ${done.coins})`,
      );
      return { state: done.state, coins: done.coins, balance: balances.get(userId) ?? 0 };
    },
  );
  return {
    ...present(result.state, nowMs),
    balance: result.balance,
    coins: result.coins,
    drop: null,
  };
}

export const sell = (deps: Deps, userId: number, cell: number) =>
  pay(deps, userId, 'sale', (s, nowMs) => {
    const item = s.board[cell];
    return { ...lab.sell(s, cell, nowMs), item: item ?? { c: 'potion', t: 1 } };
  });

export const deliver = (deps: Deps, userId: number, order: number, cell: number) =>
  pay(deps, userId, 'order', (s, nowMs) => {
    const item = s.board[cell];
    return { ...lab.deliver(s, order, cell, nowMs), item: item ?? { c: 'potion', t: 1 } };
  });
