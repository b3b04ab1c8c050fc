import { sql } from 'drizzle-orm';
import type { LedgerCategory } from '../../../../shared/api/wallet';
import type { Db } from '../../../db/client';
import { statBumpRowsCte, type StatName } from '../../../platform/stats';
import * as ledger from '../../wallet/ledger';

/*
 * Settled rounds of many players in one statement (DESIGN.md section 3). Under load most of a
 * round's cost is the statement's, not the round's: PostgreSQL plans, starts an executor, parses
 * each table's CHECKs and commits once per statement, and every statement is a write to a
 * socket and a wake-up on both sides. So a process runs one settling statement at a time, and
 * the rounds that arrive meanwhile go together in the next one (group commit). Alone (a quiet
 * site) a round goes at once, in a statement of one.
 *
 * The statement gives each round exactly what the one-round statement (engine/oneStatement.ts)
 * gives it: it locks the seed pairs still as the game read them (with no buff the outcome
 * assumed absent) and the players' rows, moves each balance where the account is active and
 * holds the stake, and only then takes the nonce, records the round, writes the postings and
 * bumps the counter. A round that fails any of these drops out with nothing written, and its
 * caller plays it alone with the one-round statement, which answers why (short balance, banned)
 * or finds the pair moved on. The nonce therefore still advances only with its round.
 *
 * The statement never waits for another transaction: it skips rows that are locked (a wager
 * or trade of that player in flight, a round of theirs in another process), and those rounds
 * go alone, outside the batch, where waiting for the lock delays only them.
 *
 * One player appears at most once in a statement (the users UPDATE could apply only one of two
 * rounds on one row): engine/oneStatement.ts runs one player's rounds one after another in this
 * process, and take() checks it again.
 */

/** A round as the one-round statement takes it. */
export interface BatchRound {
  userId: number;
  seedId: number;
  nonce: number;
  clientSeed: string;
  game: string;
  stake: number;
  payout: number;
  payoutCategory: LedgerCategory;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  /** Buffs that would have changed the outcome: the round drops out if one runs at `now`. */
  buffTypes: readonly string[];
  now: string;
  stat?: StatName;
}

/** One settled round, as the one-round statement answers it. */
export interface SettleRow {
  round_id: number;
  balance: number;
}

/**
 * Settling statements running at once per process. One makes the largest batches: measured at
 * 32 connections (bench/games.mjs's coin flips), 1 settled 2,401 rounds/s at 190 us of
 * PostgreSQL CPU each, 2 settled 1,892/s, 4 1,613/s and 20 (no limit, the pool's size) 1,017/s
 * at 955 us. The statement never waits on another transaction's lock, so one at a time cannot
 * stall behind one.
 */
const MAX_IN_FLIGHT = 1;
/** Rounds per statement at most: a statement of 64 settles in a few milliseconds. */
const MAX_BATCH = 64;

const p = (name: string) => sql.placeholder(name);

const BATCH_STATEMENT = sql`
  with input as (
    select * from jsonb_to_recordset(${p('rounds')}::jsonb) as t(i int, user_id bigint, seed_id bigint, nonce bigint,
      client_seed text, game text, stake bigint, payout bigint, payout_category text, params jsonb, outcome jsonb,
      buffs text, now timestamptz, stat text)
  ), locked as (
    select i.i from input i join fairness_seeds s on s.id = i.seed_id join users u on u.id = i.user_id
    where s.user_id = i.user_id and s.nonce = i.nonce and s.client_seed = i.client_seed and s.revealed_at is null
      and not exists (select 1 from buffs b where b.user_id = i.user_id and b.effect_type = any(string_to_array(i.buffs, ','))
        and b.ended_at is null and b.expires_at > i.now)
    for update of s, u skip locked
  ), ${ledger.roundBatchBalanceCte(sql`select i.i, i.user_id, i.stake, i.payout from input i join locked l on l.i = i.i`)},
  seed as (
    update fairness_seeds s set nonce = s.nonce + 1
    from input i join upd on upd.i = i.i
    where s.id = i.seed_id
    returning i.i, nextval('game_rounds_id_seq') as round_id
  ), ${ledger.roundBatchPostingsCte(sql`
    select i.user_id, i.stake, i.payout, upd.balance_after, i.payout_category, seed.round_id
    from seed join input i on i.i = seed.i join upd on upd.i = seed.i`)},
  round as (
    insert into game_rounds (id, user_id, game, seed_id, client_seed, nonce, stake, payout, params, outcome, state, settled_at)
    select seed.round_id, i.user_id, i.game, i.seed_id, i.client_seed, i.nonce, i.stake, i.payout, i.params, i.outcome, 'settled', now()
    from seed join input i on i.i = seed.i
    returning id
  ), ${statBumpRowsCte('stat', sql`select i.user_id, i.stat from seed join input i on i.i = seed.i where i.stat is not null`)}
  select seed.i, seed.round_id, upd.balance_after as balance from seed join upd on upd.i = seed.i`;

interface Pending {
  round: BatchRound;
  alone: () => Promise<SettleRow[]>;
  resolve: (rows: SettleRow[]) => void;
  reject: (err: unknown) => void;
}

/** What a process's batches did, for tests and benches. */
export interface BatchCounts {
  statements: number;
  rounds: number;
  /** Statements that failed (each of their rounds then went alone). */
  failed: number;
}

class RoundBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private held = 0;
  readonly counts: BatchCounts = { statements: 0, rounds: 0, failed: 0 };

  constructor(private readonly db: Db) {}

  submit(round: BatchRound, alone: () => Promise<SettleRow[]>): Promise<SettleRow[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ round, alone, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.held === 0 && this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The oldest waiting rounds, one per player, up to MAX_BATCH; the rest keep their places. */
  private take(): Pending[] {
    const players = new Set<number>();
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const item of this.queue) {
      if (batch.length < MAX_BATCH && !players.has(item.round.userId)) {
        players.add(item.round.userId);
        batch.push(item);
      } else {
        rest.push(item);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    let rows: { i: number; round_id: number; balance: number }[] = [];
    try {
      rows = await this.db.compiled('round_settle_batch', BATCH_STATEMENT, {
        rounds: JSON.stringify(
          batch.map(({ round: r }, i) => ({
            i,
            user_id: r.userId,
            seed_id: r.seedId,
            nonce: r.nonce,
            client_seed: r.clientSeed,
            game: r.game,
            stake: r.stake,
            payout: r.payout,
            payout_category: r.payoutCategory,
            params: r.params,
            outcome: r.outcome,
            buffs: r.buffTypes.join(','),
            now: r.now,
            stat: r.stat ?? null,
          })),
        ),
      });
    } catch {
      // Nothing of the statement was written: each round goes alone and meets its own error.
      this.counts.failed++;
    }
    this.counts.statements++;
    this.counts.rounds += rows.length;
    const settled = new Map(rows.map((row) => [Number(row.i), row]));
    for (const [i, item] of batch.entries()) {
      const row = settled.get(i);
      if (row) item.resolve([{ round_id: Number(row.round_id), balance: Number(row.balance) }]);
      // Not awaited: a round that goes alone may wait for a lock, and the next batch must not.
      else void item.alone().then(item.resolve, item.reject);
    }
  }

  /** Tests: rounds submitted until the returned function is called wait, then go together. */
  hold(): () => void {
    this.held++;
    return () => {
      this.held--;
      this.pump();
    };
  }
}

const batchers = new WeakMap<Db, RoundBatcher>();
function batcherOf(db: Db): RoundBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new RoundBatcher(db)));
  return batcher;
}

/**
 * Settles `round` with other players' waiting rounds in one statement, or alone with `alone`
 * (the one-round statement) when no other round waits or when the batch could not take it.
 * Answers as `alone` does: the settled row, or none when the seed pair moved on.
 */
export function settleInBatch(db: Db, round: BatchRound, alone: () => Promise<SettleRow[]>): Promise<SettleRow[]> {
  return batcherOf(db).submit(round, alone);
}

/** Tests: holds back this process's settling statements on `db` until the answer is called. */
export const holdBatches = (db: Db): (() => void) => batcherOf(db).hold();

/** Statements and rounds settled in batches by this process on `db` so far. */
export const batchCounts = (db: Db): BatchCounts => ({ ...batcherOf(db).counts });
