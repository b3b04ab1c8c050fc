import { sql } from 'drizzle-orm';
import type {
  SpinnerProgressDto,
  SpinnerTablesDto,
  SpinResponse,
} from '../../../../shared/games/spinner/contract';
import { SPINNER_IDS, SPINNER_INFO, type SpinnerId } from '../../../../shared/games/engine/catalog';
import { spin, type SpinnerTable } from '../../../../shared/games/spinner/rules';
import type { Db, Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';
import { applyRewardMultiplier } from '../../items/public';
import { moveForRound } from '../engine/public';
import { playSettledRound } from '../engine/public';
import { batchCounts, batchWaiting, holdBatches, type BatchPart } from '../engine/public';
import { nextRound } from '../engine/public';
import { DEFAULT_SPINNER_TABLES } from './defaults';
import { presentProgress, presentSpin, presentSpinnerTables } from './presenter';
import {
  editedSpinnerTables,
  spinnerProgressJson,
  type CooldownRow,
  type SpinnerTableRow,
} from './queries';
import { jsonValue, readPart } from '../../../platform/readParts';
import { accountsSql } from '../../accounts/public';

/** Every wheel's table: the admin's row where there is one, else the default. */
function tablesFrom(rows: SpinnerTableRow[]): Record<SpinnerId, SpinnerTable> {
  const tables = { ...DEFAULT_SPINNER_TABLES };
  for (const row of rows) {
    if ((SPINNER_IDS as readonly string[]).includes(row.spinner_id)) {
      tables[row.spinner_id as SpinnerId] = {
        rewardOptions: row.reward_options.map(Number),
        weights: row.weights.map(Number),
      };
    }
  }
  return tables;
}

const spinnerTables = async (q: Queryable) => tablesFrom(await editedSpinnerTables(q));

/**
 * The tables a spin draws from, read at most once a second per process: nothing in the product
 * edits them (a change made in the database takes effect within the second), and every round
 * records the table it was drawn from, so /fairness replays it all the same. A read per spin was
 * a statement as costly as the spin's own.
 */
const TABLES_FRESH_MS = 1000;
const spinTables = new WeakMap<
  Db,
  { readAt: number; tables: Promise<Record<SpinnerId, SpinnerTable>> }
>();
function tablesForSpin(db: Db): Promise<Record<SpinnerId, SpinnerTable>> {
  const cached = spinTables.get(db);
  if (cached && Date.now() - cached.readAt < TABLES_FRESH_MS) return cached.tables;
  const tables = spinnerTables(db);
  spinTables.set(db, { readAt: Date.now(), tables });
  // A failed read is not kept: the next spin reads again.
  tables.catch(() => {
    if (spinTables.get(db)?.tables === tables) spinTables.delete(db);
  });
  return tables;
}

export async function spinnerTablesDto(q: Queryable): Promise<SpinnerTablesDto> {
  return presentSpinnerTables(await spinnerTables(q));
}

/** The wheels' part of GET /api/games/progress: their tables and this player's cooldowns. */
export const spinnerProgress = readPart({
  expr: ({ userId }) => spinnerProgressJson(userId),
  decode: (value): SpinnerProgressDto => {
    const { tables, cooldowns } = jsonValue<{
      tables: SpinnerTableRow[] | null;
      cooldowns: CooldownRow[] | null;
    }>(value, { tables: null, cooldowns: null });
    return presentProgress(presentSpinnerTables(tablesFrom(tables ?? [])), cooldowns ?? []);
  },
});

const cooldownRefusal = (nextSpin: string) =>
  conflict(`This wheel can be spun again at ${nextSpin}`, { nextSpin });

const sp = (name: string) => sql.placeholder(name);

/**
 * SPIN_PART for the group statement (engine/roundBatch.ts): the same gate and cooldown for each
 * spin carried out, the wheel and the next spin read from the round's i.extra. A user is once in
 * a statement, so each cooldown row is written at most once.
 */
const SPIN_BATCH_PART: BatchPart = {
  name: 'spinner',
  // A scalar subquery, looked up per spin: PostgreSQL would hash an EXISTS over every cooldown.
  gate: sql`not coalesce((select true from spinner_cooldowns c where c.user_id = i.user_id and c.spinner_id = i.extra->>'spinnerId'
    and c.next_spin_at > i.now limit 1), false)`,
  ctes: sql`cooldown as (
    insert into spinner_cooldowns (user_id, spinner_id, next_spin_at)
    select i.user_id, i.extra->>'spinnerId', (i.extra->>'nextSpin')::timestamptz from seed join input i on i.i = seed.i
    on conflict (user_id, spinner_id) do update set next_spin_at = excluded.next_spin_at
  )`,
};

/** Spin statements and spins settled together by this process on `db` so far. */
export const spinGroupCounts = (db: Db) => batchCounts(db, SPIN_BATCH_PART);
/** Tests: holds back this process's spin statements on `db` until the answer is called. */
export const holdSpinGroups = (db: Db) => holdBatches(db, SPIN_BATCH_PART);
/** Tests: spins waiting for a statement now. */
export const spinsWaiting = (db: Db) => batchWaiting(db, SPIN_BATCH_PART);

/** The spinner's part of a settled round: the wheel must be off cooldown, and the spin starts it. */
const SPIN_PART = {
  batch: SPIN_BATCH_PART,
  name: 'spinner',
  gate: sql`not exists (select 1 from spinner_cooldowns where user_id = ${sp('userId')} and spinner_id = ${sp('spinnerId')}
    and next_spin_at > ${sp('now')}::timestamptz)`,
  ctes: sql`cooldown as (
    insert into spinner_cooldowns (user_id, spinner_id, next_spin_at)
    select ${sp('userId')}::bigint, ${sp('spinnerId')}::text, ${sp('nextSpin')}::timestamptz from upd
    on conflict (user_id, spinner_id) do update set next_spin_at = excluded.next_spin_at
    returning next_spin_at
  )`,
};

/**
 * One spin. While no reward buff runs it is a settled round of engine/oneStatement.ts: the
 * wheel's cooldown is checked with the seed pair and started in the statement that records the
 * round and pays it (a user's rounds queue on their pair's nonce, so two spins of one wheel
 * cannot both find it free). Otherwise, or when that keeps failing (a cooldown, a race), the
 * locked transaction below decides, with the refusal's wording.
 */
export async function spinWheel(
  deps: Deps,
  userId: number,
  spinnerId: SpinnerId,
): Promise<SpinResponse> {
  const now = deps.clock.now();
  const nextSpin = new Date(now.getTime() + SPINNER_INFO[spinnerId].cooldownMs);
  const table = (await tablesForSpin(deps.db))[spinnerId];
  let outcome = { slice: 0, reward: 0, bonus: 0, multiplier: 100 };
  const settled = await playSettledRound(deps, userId, 'spinner', now, (read) => {
    const result = spin(read.draw.serverSeed, read.draw.clientSeed, read.draw.nonce, table);
    if (result.reward > 0 && read.rewardMultiplier) return null;
    outcome = { slice: result.index, reward: result.reward, bonus: 0, multiplier: 100 };
    return {
      assumesNoBuff: result.reward > 0 ? ['reward-multiplier'] : [],
      params: {
        wheel: spinnerId,
        rewardOptions: [...table.rewardOptions],
        weights: [...table.weights],
      },
      outcome,
      stake: 0,
      payout: result.reward,
      payoutCategory: 'spinner_reward',
      part: { ...SPIN_PART, values: { spinnerId, nextSpin: nextSpin.toISOString() } },
    };
  });
  if (settled) {
    return presentSpin(
      { id: settled.id, nonce: settled.draw.nonce, payout: settled.plan.payout, outcome },
      nextSpin,
      now,
      settled.balance,
    );
  }
  return spinLocked(deps, userId, spinnerId, now, nextSpin);
}

/**
 * The locked spin, in one transaction: the cooldown is claimed by one conditional upsert (a
 * second spin racing this one finds the new time and is refused), the slice comes from the
 * user's fair stream, running reward multipliers add their share, and the reward is paid
 * through the ledger against the round.
 */
async function spinLocked(
  deps: Deps,
  userId: number,
  spinnerId: SpinnerId,
  now: Date,
  nextSpin: Date,
): Promise<SpinResponse> {
  return deps.db.tx(async (tx) => {
    const [claimed] = await tx.rows<{ next_spin_at: Date | string }>(sql`
      insert into spinner_cooldowns (user_id, spinner_id, next_spin_at)
      values (${userId}, ${spinnerId}, ${nextSpin.toISOString()})
      on conflict (user_id, spinner_id) do update set next_spin_at = excluded.next_spin_at
        where spinner_cooldowns.next_spin_at <= ${now.toISOString()}
      returning next_spin_at`);
    if (!claimed) {
      const [current] = await tx.rows<{ next_spin_at: Date | string }>(
        sql`select next_spin_at from spinner_cooldowns where user_id = ${userId} and spinner_id = ${spinnerId}`,
      );
      throw cooldownRefusal(new Date(current?.next_spin_at ?? nextSpin).toISOString());
    }
    const table = (await spinnerTables(tx))[spinnerId];
    const round = await nextRound(tx, userId, 'spinner', async (draw) => {
      const result = spin(draw.serverSeed, draw.clientSeed, draw.nonce, table);
      const boost = await applyRewardMultiplier(tx, userId, result.reward, now);
      return {
        params: {
          wheel: spinnerId,
          rewardOptions: [...table.rewardOptions],
          weights: [...table.weights],
        },
        outcome: {
          slice: result.index,
          reward: result.reward,
          bonus: boost.extra,
          multiplier: boost.multiplier,
        },
        stake: 0,
        payout: result.reward + boost.extra,
      };
    });
    const paid = round.record.payout;
    let balance: number;
    if (paid > 0) {
      balance = await moveForRound(tx, userId, round.id, paid, 'spinner_reward');
    } else {
      const [row] = await tx.rows<{ balance: number }>(accountsSql.balanceOf(userId));
      balance = Number(row?.balance ?? 0);
    }
    return presentSpin(
      { id: round.id, nonce: round.draw.nonce, payout: paid, outcome: round.record.outcome },
      nextSpin,
      now,
      balance,
    );
  });
}
