import { sql } from 'drizzle-orm';
import type { TycoonActionResponse, TycoonDto } from '../../../../shared/games/coinTycoon/contract';
import * as tycoon from '../../../../shared/games/coinTycoon/rules';
import * as tycoonIntents from '../../../../shared/games/coinTycoon/intents';
import * as tycoonStorage from '../../../../shared/games/coinTycoon/storage';
import type { Deps } from '../../../platform/deps';
import { scheduleCapNotice } from './capNotice';
import { ledger } from '../../wallet/public';
import { applyIntent, applyPure, readState, type GameStateTable } from '../engine/public';

/*
 * Coin Tycoon on the server: every intent settles the company to the server's clock and applies
 * the shared pure rule (shared/games/coinTycoon/rules.ts) under the row lock of engine/gameState, so
 * the page, which animates with the same functions, shows what is paid. Coins move only for the
 * dividend (in) and the boost (out), in the same transaction as the state.
 */

const TABLE: GameStateTable = { table: 'coin_tycoon_games' };

const initial = (deps: Deps) => () =>
  tycoonStorage.toJson(tycoon.newTycoonState(deps.clock.now().getTime()));

function present(
  state: tycoon.TycoonState,
  nowMs: number,
  away: tycoon.AwaySummary | null,
): TycoonDto {
  let dividend = 0;
  try {
    dividend = tycoonIntents.claimDividend(state, nowMs).coins;
  } catch {
    // Claimed today, or nothing earned yet.
  }
  return {
    state: tycoonStorage.toJson(state),
    serverTime: new Date(nowMs).toISOString(),
    away: away
      ? { awayMs: away.awayMs, cappedMs: away.cappedMs, earned: away.earned.toString() }
      : null,
    dividend,
    investorsOnSale: tycoon
      .investorsFor(tycoon.settle(state, nowMs).state.lifetimeBucks)
      .toString(),
  };
}

/**
 * A read saves its settle once this long has passed since the last one: an open page reads every
 * 30 s, so only a player who really left (a minute or more without a page) gets the away summary.
 */
const SAVE_READS_AFTER_MS = 30_000;

/** GET: the company settled to now; saved after SAVE_READS_AFTER_MS (the away summary shows once). */
export async function view(deps: Deps, userId: number): Promise<TycoonDto> {
  const nowMs = deps.clock.now().getTime();
  const loaded = await readState(deps, TABLE, userId, initial(deps), tycoonStorage.fromJson);
  const settled = tycoon.settle(loaded.state, nowMs);
  if (!settled.awaySummary && nowMs - loaded.state.lastSettled < SAVE_READS_AFTER_MS)
    return present(settled.state, nowMs, null);
  const saved = await applyPure(
    deps,
    TABLE,
    userId,
    initial(deps),
    tycoonStorage.fromJson,
    tycoonStorage.toJson,
    (current) => {
      const s = tycoon.settle(current, nowMs);
      return { state: s.state, away: s.awaySummary };
    },
  );
  await scheduleCapNotice(deps, userId, saved.state);
  return present(saved.state, nowMs, saved.away);
}

type Intent = (state: tycoon.TycoonState, nowMs: number) => tycoon.TycoonState;

/** An intent that moves no coins. */
async function act(deps: Deps, userId: number, intent: Intent): Promise<TycoonActionResponse> {
  const nowMs = deps.clock.now().getTime();
  const result = await applyPure(
    deps,
    TABLE,
    userId,
    initial(deps),
    tycoonStorage.fromJson,
    tycoonStorage.toJson,
    (current, balance) => ({
      state: intent(current, nowMs),
      balance,
    }),
  );
  await scheduleCapNotice(deps, userId, result.state);
  return { ...present(result.state, nowMs, null), balance: result.balance, coins: 0 };
}

export const buy = (deps: Deps, userId: number, business: string, count: number | 'max') =>
  act(deps, userId, (s, now) => tycoonIntents.buy(s, business, count, now));
export const hireManager = (deps: Deps, userId: number, business: string) =>
  act(deps, userId, (s, now) => tycoonIntents.hireManager(s, business, now));
export const startCycle = (deps: Deps, userId: number, business: string) =>
  act(deps, userId, (s, now) => tycoonIntents.startCycle(s, business, now));
export const prestige = (deps: Deps, userId: number) =>
  act(deps, userId, (s, now) => tycoonIntents.prestige(s, now));

/**
 * Today's dividend: the state's lastClaimDay check and the coin_tycoon_claims row (unique per player
 * and day) in the transaction that credits the coins, so ten claims at once pay once.
 */
export async function claim(deps: Deps, userId: number): Promise<TycoonActionResponse> {
  const nowMs = deps.clock.now().getTime();
  const result = await applyIntent(
    deps,
    TABLE,
    userId,
    initial(deps),
    tycoonStorage.fromJson,
    tycoonStorage.toJson,
    async (tx, current) => {
      const { state, coins } = tycoonIntents.claimDividend(current, nowMs);
      // The posting before the claim row, whose foreign key would otherwise hold a key-share lock on
      // the account while the posting waits (mysteryBox.sell); a second claim's row still conflicts.
      const [next] = await tx.rows<{ id: number }>(
        sql`select nextval('coin_tycoon_claims_id_seq') as id`,
      );
      const id = Number(next!.id);
      const balances = await ledger.post(
        tx,
        [{ userId, delta: coins, category: 'tycoon_dividend' }],
        { refType: 'tycoon_claim', refId: id },
        { actorId: userId },
      );
      const [row] = await tx.rows<{ id: number }>(sql`
      insert into coin_tycoon_claims (id, user_id, day, coins) values (${id}, ${userId}, ${tycoonIntents.utcDay(nowMs)}, ${coins})
      on conflict (user_id, day) do nothing returning id`);
      if (!row)
        throw new RangeError(
          'The dividend was already claimed today; come back after midnight UTC',
        );
      return { state, coins, balance: balances.get(userId) ?? 0 };
    },
  );
  await scheduleCapNotice(deps, userId, result.state);
  return { ...present(result.state, nowMs, null), balance: result.balance, coins: result.coins };
}

/** The coin sink: 200 coins for 4 hours of doubled income. */
export async function boost(deps: Deps, userId: number): Promise<TycoonActionResponse> {
  const nowMs = deps.clock.now().getTime();
  const result = await applyIntent(
    deps,
    TABLE,
    userId,
    initial(deps),
    tycoonStorage.fromJson,
    tycoonStorage.toJson,
    async (tx, current) => {
      const state = tycoonIntents.buyBoost(current, nowMs);
      const [next] = await tx.rows<{ id: number }>(
        sql`select nextval('coin_tycoon_boosts_id_seq') as id`,
      );
      const id = Number(next!.id);
      const balances = await ledger.post(
        tx,
        [{ userId, delta: -tycoon.TYCOON_BOOST_PRICE_COINS, category: 'tycoon_boost' }],
        { refType: 'tycoon_boost', refId: id },
        { actorId: userId },
      );
      await tx.rows(
        sql`insert into coin_tycoon_boosts (id, user_id, price, boost_until) values (${id}, ${userId}, ${tycoon.TYCOON_BOOST_PRICE_COINS}, ${new Date(state.boostUntil).toISOString()})`,
      );
      return { state, coins: -tycoon.TYCOON_BOOST_PRICE_COINS, balance: balances.get(userId) ?? 0 };
    },
  );
  await scheduleCapNotice(deps, userId, result.state);
  return { ...present(result.state, nowMs, null), balance: result.balance, coins: result.coins };
}
