import { sql, type SQL } from 'drizzle-orm';
import type { LedgerCategory } from '../../../../shared/api/wallet';
import type { RoundGame } from '../../../../shared/games/engine/roundGames';
import type { Db } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { lastSeen } from '../../../platform/batching/lastSeen';
import { turns } from '../../../platform/batching/turns';
import { statBumpCte, type StatName } from '../../../platform/stats';
import { ledger } from '../../wallet/public';
import type { Draw } from './rounds';
import { settleInBatch, type BatchPart, type SettleRow } from './roundBatch';
import { ensureSeed } from './seeds';
import type { BuffEffectType } from '../../store/public';
import { minefieldItemsHeld, runningBuffRows } from '../../items/public';
import { readBatch } from '../../../platform/batching/readBatch';

/*
 * A settled round in one statement and no transaction, two round trips at most (DESIGN.md
 * section 3: two where the outcome must be computed from the seed first). The game computes the
 * outcome with the shared code /fairness runs from the active seed pair as last seen (this
 * process remembers each player's pair after their round, or reads it); then one statement takes
 * the nonce only if the pair is still exactly that (same nonce, same client seed, not revealed)
 * and no buff the outcome assumed absent has started, and in the same statement records the
 * round, moves the coins and bumps the counter. The nonce therefore advances only together with
 * its round, so the sequence stays gapless; a refusal (short balance, banned) aborts the whole
 * statement; a pair that moved on (a round in another tab or process, a new client seed, a
 * rotation) makes the statement match nothing, and the round is computed again from a fresh read.
 *
 * The transactional path (rounds.ts nextRound, which locks the pair and queues) stays for what
 * this cannot do in one statement: spending a buff's cap. The read says whether a buff that
 * could touch this round is running; the game then asks for the locked path.
 */

/** What the read found: the draw to compute from, and the buffs running for this user now. */
export interface SeedRead {
  draw: Draw;
  rewardMultiplier: boolean;
  slotsLuck: boolean;
  /** An unlocked unit of an item that works by itself in Minefield is held (pickMinefieldItems). */
  minefieldItems: boolean;
}

/** What the game decided, to be recorded and paid in one statement. */
export interface SettledPlan {
  /** Buffs that would have changed this outcome: the statement matches nothing if one runs. */
  assumesNoBuff: BuffEffectType[];
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  stake: number;
  payout: number;
  payoutCategory: LedgerCategory;
  /** A counter that this round earns (bumped by one in the same statement). */
  stat?: StatName;
  /**
   * The round stays open (Minefield): the stake is held and the game settles it later. The
   * statement matches nothing if the player already has an open round of this game.
   */
  open?: true;
  /** Items that would have changed this outcome: the statement matches nothing if one is held. */
  assumesNoItems?: true;
  /**
   * A game's own part of the statement, built once per `name` with sql.placeholder()s that
   * `values` fills: `gate`, a condition the seed pair's update must also meet (evaluated before
   * anything is written), and `ctes`, more writes after the round's (each may use `upd` and
   * `seed`). A round that the gate refuses matches nothing, like a stale pair.
   */
  part?: {
    name: string;
    gate: SQL;
    ctes: SQL;
    values: Record<string, unknown>;
    /** The same part for the group statement (roundBatch.ts), `values` as its i.extra; without it such rounds go alone. */
    batch?: BatchPart;
  };
}

/** Attempts before yielding to the locked path, which queues instead of racing. */
const OPTIMISTIC_ATTEMPTS = 2;

const p = (name: string) => sql.placeholder(name);

/**
 * Many players' pairs and buffs in one statement (platform/batching/readBatch.ts): a player's first
 * round in a while waits for this read, and most of a read's cost was the statement's. Each
 * player's row is found by its own look-ups (a LATERAL with a LIMIT is never turned into a join
 * over the whole table, nor a scalar subquery into a hash of it).
 */
const seedReads = readBatch<{ userId: number; now: string }>({
  name: 'round_read_seeds',
  statement: sql`
    select k.i, s.id, s.server_seed, s.server_seed_hash, s.client_seed, s.nonce,
      ${buffRunning(sql`k.user_id`, 'reward-multiplier')} as reward_multiplier,
      ${buffRunning(sql`k.user_id`, 'slots-luck')} as slots_luck,
      ${minefieldItemsHeld(sql`k.user_id`)} as minefield_items
    from jsonb_to_recordset(${p('keys')}::jsonb) as k(i int, user_id bigint, now timestamptz)
    cross join lateral (select * from fairness_seeds s where s.user_id = k.user_id and s.revealed_at is null limit 1) s`,
  toJson: (key) => ({ user_id: key.userId, now: key.now }),
});

function buffRunning(userId: SQL, effect: BuffEffectType): SQL {
  return sql`coalesce((select true from ${runningBuffRows(userId, sql.raw(`'${effect}'`), sql`k.now`)} limit 1), false)`;
}

interface SeedRow extends Record<string, unknown> {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  reward_multiplier: boolean;
  slots_luck: boolean;
  minefield_items: boolean;
}

/** The statement for one shape of round (counter, open, items, part), built once. */
const settleStatements = new Map<string, SQL>();
function settleStatement(plan: SettledPlan): SQL {
  const { stat, part, open, assumesNoItems } = plan;
  const key = `${stat ?? ''}/${part?.name ?? ''}/${open ? 'open' : ''}/${assumesNoItems ? 'noitems' : ''}`;
  let statement = settleStatements.get(key);
  if (!statement) {
    statement = sql`
      with seed as (
        update fairness_seeds set nonce = nonce + 1
        where id = ${p('seedId')} and nonce = ${p('nonce')} and client_seed = ${p('clientSeed')} and revealed_at is null
          and not exists (select 1 from ${runningBuffRows(p('userId'), sql`any(${p('buffTypes')}::text[])`, sql`${p('now')}::timestamptz`)})
          ${assumesNoItems ? sql`and not ${minefieldItemsHeld(sql`${p('userId')}::bigint`)}` : sql``}
          ${part ? sql`and (${part.gate})` : sql``}
        returning id, nextval('game_rounds_id_seq') as round_id
      ), ${ledger.roundPostingCtes({
        userId: sql`${p('userId')}`,
        stake: sql`${p('stake')}`,
        payout: sql`${p('payout')}`,
        when: sql`exists (select 1 from seed)`,
        refId: sql`select round_id from seed`,
        payoutCategory: sql`${p('payoutCategory')}::text`,
      })}, round as (
        insert into game_rounds (id, user_id, game, seed_id, client_seed, nonce, stake, payout, params, outcome, state, settled_at)
        select seed.round_id, ${p('userId')}::bigint, ${p('game')}::text, seed.id, ${p('clientSeed')}::text, ${p('nonce')}::bigint,
          ${p('stake')}::bigint, ${p('payout')}::bigint,
          ${p('params')}::jsonb, ${p('outcome')}::jsonb, ${open ? sql`'open', null::timestamptz` : sql`'settled', now()`}
        from seed where exists (select 1 from upd)
        returning id
      )${stat ? sql`, ${statBumpCte('stat', sql`${p('userId')}::bigint`, stat, sql`exists (select 1 from upd)`)}` : sql``}${part ? sql`, ${part.ctes}` : sql``}
      select seed.round_id, upd.balance_after as balance from seed, upd`;
    settleStatements.set(key, statement);
  }
  return statement;
}

/**
 * Each player's active pair as this process last saw it, with the nonce their next round takes.
 * Only a guess: the statement checks it.
 */
const lastSeenOf = lastSeen<number, Draw>(50_000);

/** Seed-pair reads and the statements they took in this process on `db` (tests, benches). */
export const seedReadCounts = (db: Db) => seedReads.counts(db);
/** Tests: holds back this process's seed reads on `db` until the answer is called. */
export const holdSeedReads = (db: Db) => seedReads.hold(db);
/** Tests: seed-pair reads waiting for a statement now. */
export const seedReadsWaiting = (db: Db) => seedReads.waiting(db);

/** Reads the user's active pair (making one first if there is none) and their running buffs. */
export async function readSeed(deps: Deps, userId: number, now: Date): Promise<SeedRead> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await seedReads.read<SeedRow>(deps.db, { userId, now: now.toISOString() });
    if (row) {
      return {
        draw: {
          seedId: Number(row.id),
          serverSeed: row.server_seed,
          serverSeedHash: row.server_seed_hash,
          clientSeed: row.client_seed,
          nonce: Number(row.nonce),
        },
        rewardMultiplier: row.reward_multiplier,
        slotsLuck: row.slots_luck,
        minefieldItems: row.minefield_items,
      };
    }
    await ensureSeed(deps.db, userId);
  }
  throw new Error('readSeed: no active seed pair after creating one');
}

export interface SettledRound {
  id: number;
  draw: Draw;
  plan: SettledPlan;
  balance: number;
}

/**
 * Plays a settled round in one statement after one read. `plan` computes the round from a
 * read, or returns null when the read shows a buff it must spend (the caller then plays the
 * locked path); a null answer from here means the same, or that other rounds of this user kept
 * getting in first.
 */
export function playSettledRound(
  deps: Deps,
  userId: number,
  game: RoundGame,
  now: Date,
  plan: (read: SeedRead) => SettledPlan | null,
): Promise<SettledRound | null> {
  return inTurn(deps.db, userId, () => settle(deps, userId, game, now, plan));
}

/**
 * One player's settled rounds in this process run one after another: they would queue on the
 * seed pair's row anyway, and in turn each finds the pair as the last one left it (one round
 * trip each) instead of all but one racing to a stale nonce and trying again.
 */
const inTurn = turns(1);

async function settle(
  deps: Deps,
  userId: number,
  game: RoundGame,
  now: Date,
  plan: (read: SeedRead) => SettledPlan | null,
): Promise<SettledRound | null> {
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const seen = attempt === 0 ? lastSeenOf(deps.db).get(userId) : undefined;
    // A remembered pair says nothing of buffs: the statement checks the ones the plan assumed absent.
    const read = seen
      ? { draw: seen, rewardMultiplier: false, slotsLuck: false, minefieldItems: false }
      : await readSeed(deps, userId, now);
    const planned = plan(read);
    if (!planned) return null;
    if (
      !Number.isSafeInteger(planned.stake) ||
      !Number.isSafeInteger(planned.payout) ||
      planned.stake < 0 ||
      planned.payout < 0
    ) {
      throw new Error(
        `playSettledRound: stake and payout must be whole coins >= 0 (${planned.stake}, ${planned.payout})`,
      );
    }
    const name = `round_settle${planned.stat ? `_${planned.stat}` : ''}${planned.part ? `_${planned.part.name}` : ''}${planned.open ? '_open' : ''}${planned.assumesNoItems ? '_noitems' : ''}`;
    const round = {
      seedId: read.draw.seedId,
      nonce: read.draw.nonce,
      clientSeed: read.draw.clientSeed,
      userId,
      buffTypes: planned.assumesNoBuff,
      now: now.toISOString(),
      game,
      stake: planned.stake,
      payout: planned.payout,
      payoutCategory: planned.payoutCategory,
    };
    // The JSON text only for the one-round statement: a group statement serializes its rounds once.
    const alone = async () => {
      try {
        const values = {
          ...planned.part?.values,
          ...round,
          params: JSON.stringify(planned.params),
          outcome: JSON.stringify(planned.outcome),
        };
        return await deps.db.compiled<SettleRow>(name, settleStatement(planned), values);
      } catch (err) {
        throw ledger.postingError(err);
      }
    };
    // An open round meets the one-open-game index, whose violation would fail a group
    // statement, and a game's part goes in a group only in the form it gives for one: such
    // rounds go alone.
    const batched = {
      ...round,
      params: planned.params,
      outcome: planned.outcome,
      ...(planned.stat ? { stat: planned.stat } : {}),
      ...(planned.part ? { extra: planned.part.values } : {}),
    };
    const rows =
      planned.open || (planned.part && !planned.part.batch)
        ? await alone()
        : await settleInBatch(deps.db, batched, alone, planned.part?.batch);
    const [row] = rows;
    if (row) {
      lastSeenOf(deps.db).set(userId, { ...read.draw, nonce: read.draw.nonce + 1 });
      return {
        id: Number(row.round_id),
        draw: read.draw,
        plan: planned,
        balance: Number(row.balance),
      };
    }
    lastSeenOf(deps.db).set(userId, null);
  }
  return null;
}
