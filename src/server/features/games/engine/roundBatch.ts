import { sql, type SQL } from 'drizzle-orm';
import type { LedgerCategory } from '../../../../shared/api/wallet';
import type { Db } from '../../../db/client';
import {
  groupCommit,
  type GroupCommit,
  type GroupCounts,
} from '../../../platform/batching/groupCommit';
import { statBumpRowsCte, type StatName } from '../../../platform/stats';
import { groupPostings } from '../../wallet/public';
import { accountsSql } from '../../accounts/public';
import { runningBuffRows } from '../../items/public';

/*
 * Settled rounds of many players in one statement (platform/batching/groupCommit.ts). The statement
 * gives each round exactly what the one-round statement (engine/oneStatement.ts) gives it: it locks
 * the seed pairs still as the game read them (with no buff the outcome assumed absent) and the
 * players' rows, skipping rows another transaction holds, moves each balance where the account is
 * active and holds the stake, and only then takes the nonce, records the round, writes the postings
 * and bumps the counter. A round that fails any of these drops out with nothing written, and its
 * caller plays it alone with the one-round statement, which answers why (short balance, banned) or
 * finds the pair moved on. The nonce therefore still advances only with its round.
 * engine/oneStatement.ts runs one player's rounds one after another in this process.
 *
 * Unlike the other hot writes this is groupCommit itself, not platform/batching/hotWrite.ts: the
 * one-round statement is not one statement but one per shape of round (counter, game part, open,
 * items), which engine/oneStatement.ts builds from the game's plan that the group never sees; open
 * rounds and parts without a group form never go in a group; a miss has no explain re-read (the
 * pair moved on: the caller reads again and plays the round anew); and the caller hands in the
 * one-round path (oneStatement.ts its statement, roundBatch.test.ts a spy of which rounds go alone).
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
  /** The values of a game's part (BatchPart), read in its SQL as i.extra. */
  extra?: Record<string, unknown>;
}

/**
 * A game's own part of the group statement, as SettledPlan.part is of the one-round statement:
 * `gate`, a condition on each round's input row `i` (its `extra` holds the part's values) that
 * the round must meet to be carried out, and `ctes`, more writes for the rounds carried out
 * (`seed join input i on i.i = seed.i`). Neither may wait for another transaction's lock on a
 * row the gate reads; a round the gate refuses drops out and goes alone.
 */
export interface BatchPart {
  name: string;
  gate: SQL;
  ctes: SQL;
}

/** One settled round, as the one-round statement answers it. */
export interface SettleRow {
  round_id: number;
  balance: number;
}

const p = (name: string) => sql.placeholder(name);

const batchStatement = (part?: BatchPart): SQL => sql`
  with input as (
    select * from jsonb_to_recordset(${p('items')}::jsonb) as t(i int, user_id bigint, seed_id bigint, nonce bigint,
      client_seed text, game text, stake bigint, payout bigint, payout_category text, params jsonb, outcome jsonb,
      buffs text, now timestamptz, stat text, extra jsonb)
  ), locked as (
    select i.i from input i join fairness_seeds s on s.id = i.seed_id join ${accountsSql.users} u on u.id = i.user_id
    where s.user_id = i.user_id and s.nonce = i.nonce and s.client_seed = i.client_seed and s.revealed_at is null
      and not exists (select 1 from ${runningBuffRows(sql`i.user_id`, sql`any(string_to_array(i.buffs, ','))`, sql`i.now`)})
      ${part ? sql`and (${part.gate})` : sql``}
    for update of s, u skip locked
  ), ${groupPostings.roundBatchBalanceCte(sql`select i.i, i.user_id, i.stake, i.payout from input i join locked l on l.i = i.i`)},
  seed as (
    update fairness_seeds s set nonce = s.nonce + 1
    from input i join upd on upd.i = i.i
    where s.id = i.seed_id
    returning i.i, nextval('game_rounds_id_seq') as round_id
  ), ${groupPostings.roundBatchPostingsCte(sql`
    select i.user_id, i.stake, i.payout, upd.balance_after, i.payout_category, seed.round_id
    from seed join input i on i.i = seed.i join upd on upd.i = seed.i`)},
  round as (
    insert into game_rounds (id, user_id, game, seed_id, client_seed, nonce, stake, payout, params, outcome, state, settled_at)
    select seed.round_id, i.user_id, i.game, i.seed_id, i.client_seed, i.nonce, i.stake, i.payout, i.params, i.outcome, 'settled', now()
    from seed join input i on i.i = seed.i
    returning id
  ), ${statBumpRowsCte('stat', sql`select i.user_id, i.stat from seed join input i on i.i = seed.i where i.stat is not null`)}${part ? sql`, ${part.ctes}` : sql``}
  select seed.i, seed.round_id, upd.balance_after as balance from seed join upd on upd.i = seed.i`;

/** One group kind per part (each its own statement), '' for rounds without one. */
const kinds = new Map<string, GroupCommit<BatchRound>>();
function kindOf(part?: BatchPart): GroupCommit<BatchRound> {
  const key = part?.name ?? '';
  let kind = kinds.get(key);
  if (!kind) {
    kind = groupCommit<BatchRound>({
      name: `round_settle_batch${part ? `_${part.name}` : ''}`,
      statement: batchStatement(part),
      keyOf: (r) => r.userId,
      toJson: (r) => ({
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
        extra: r.extra ?? null,
      }),
    });
    kinds.set(key, kind);
  }
  return kind;
}

/**
 * Settles `round` with other players' waiting rounds (of the same part) in one statement, or
 * alone with `alone` (the one-round statement) when the statement left it out. Answers as
 * `alone` does: the settled row, or none when the seed pair moved on.
 */
export function settleInBatch(
  db: Db,
  round: BatchRound,
  alone: () => Promise<SettleRow[]>,
  part?: BatchPart,
): Promise<SettleRow[]> {
  return kindOf(part).submit(
    db,
    round,
    (row) => [{ round_id: Number(row.round_id), balance: Number(row.balance) }],
    alone,
  );
}

/** Statements and rounds settled together by this process on `db` so far (of rounds with `part`). */
export const batchCounts = (db: Db, part?: BatchPart): GroupCounts => kindOf(part).counts(db);

/** Tests: holds back this process's settling statements on `db` (of rounds with `part`) until the answer is called. */
export const holdBatches = (db: Db, part?: BatchPart): (() => void) => kindOf(part).hold(db);

/** Tests: rounds (with `part`) waiting for a statement now. */
export const batchWaiting = (db: Db, part?: BatchPart): number => kindOf(part).waiting(db);
