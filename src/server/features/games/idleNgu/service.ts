import { sql } from 'drizzle-orm';
import type { IdleDto } from '../../../../shared/games/idleNgu/contract';
import * as idle from '../../../../shared/games/idleNgu/rules';
import type { Deps } from '../../../platform/deps';
import { scheduleCapNotice } from './capNotice';
import { ledger } from '../../wallet/public';
import { applyIntent, applyPure, readState, type GameStateTable } from '../engine/public';

/*
 * The idle trainer on the server: every intent settles the trainer to the server's clock and
 * applies the shared pure rule (shared/games/idleNgu/rules.ts) under engine/gameState's row lock.
 * Coins come only from first-ever boss kills, each an idle_ngu_kills row (unique per player and
 * boss) in the transaction that credits it.
 */

const TABLE: GameStateTable = { table: 'idle_ngu_games' };
const initial = (deps: Deps) => () => idle.toJson(idle.newIdleState(deps.clock.now().getTime()));

function present(state: idle.IdleState, nowMs: number, away: idle.AwaySummary | null): IdleDto {
  const settled = idle.settle(state, nowMs).state;
  return {
    state: idle.toJson(state),
    serverTime: new Date(nowMs).toISOString(),
    away,
    power: idle.power(settled).toString(),
    strongestBeatable: idle.strongestBeatable(settled),
  };
}

/**
 * GET: settled to now; saved once 30 s have passed since the last settle. An open page reads every
 * 30 s, so only a player who really left gets the away summary, and gets it once.
 */
export async function view(deps: Deps, userId: number): Promise<IdleDto> {
  const nowMs = deps.clock.now().getTime();
  const loaded = await readState(deps, TABLE, userId, initial(deps), idle.fromJson);
  const settled = idle.settle(loaded.state, nowMs);
  if (!settled.away && nowMs - loaded.state.lastSettleMs < 30_000)
    return present(settled.state, nowMs, null);
  const saved = await applyPure(
    deps,
    TABLE,
    userId,
    initial(deps),
    idle.fromJson,
    idle.toJson,
    (current) => idle.settle(current, nowMs),
  );
  await scheduleCapNotice(deps, userId, saved.state);
  return present(saved.state, nowMs, saved.away);
}

export async function allocate(deps: Deps, userId: number, allocations: idle.Allocations) {
  const nowMs = deps.clock.now().getTime();
  const result = await applyPure(
    deps,
    TABLE,
    userId,
    initial(deps),
    idle.fromJson,
    idle.toJson,
    (current, balance) => ({ state: idle.allocate(current, allocations, nowMs), balance }),
  );
  await scheduleCapNotice(deps, userId, result.state);
  return { ...present(result.state, nowMs, null), balance: result.balance, coins: 0 };
}

export async function rebirth(deps: Deps, userId: number) {
  const nowMs = deps.clock.now().getTime();
  const result = await applyPure(
    deps,
    TABLE,
    userId,
    initial(deps),
    idle.fromJson,
    idle.toJson,
    (current, balance) => ({ state: idle.rebirth(current, nowMs), balance }),
  );
  await scheduleCapNotice(deps, userId, result.state);
  return { ...present(result.state, nowMs, null), balance: result.balance, coins: 0 };
}

/** A fight the power wins; the first-ever kill of boss n pays 10 + 2n coins, once. */
export async function fight(deps: Deps, userId: number, boss: number) {
  const nowMs = deps.clock.now().getTime();
  const result = await applyIntent(
    deps,
    TABLE,
    userId,
    initial(deps),
    idle.fromJson,
    idle.toJson,
    async (tx, current, before) => {
      const won = idle.fight(current, boss, nowMs);
      if (won.coins === 0) return { state: won.state, coins: 0, balance: before };
      // Already paid (the state and this table disagree only if a row was edited): no coins.
      const [paid] = await tx.rows<{ id: number }>(
        sql`select id from idle_ngu_kills where user_id = ${userId} and boss = ${boss}`,
      );
      if (paid) return { state: won.state, coins: 0, balance: before };
      // The posting before the kill row, whose foreign key would otherwise hold a key-share lock on
      // the account while the posting waits (mysteryBox.sell).
      const [next] = await tx.rows<{ id: number }>(
        sql`select nextval('idle_ngu_kills_id_seq') as id`,
      );
      const id = Number(next!.id);
      const balances = await ledger.post(
        tx,
        [{ userId, delta: won.coins, category: 'idle_boss' }],
        { refType: 'idle_kill', refId: id },
        { actorId: userId },
      );
      await tx.rows(
        sql`insert into idle_ngu_kills (id, user_id, boss, coins) values (${id}, ${userId}, ${boss}, ${won.coins})`,
      );
      return { state: won.state, coins: won.coins, balance: balances.get(userId) ?? before };
    },
  );
  await scheduleCapNotice(deps, userId, result.state);
  return { ...present(result.state, nowMs, null), balance: result.balance, coins: result.coins };
}
