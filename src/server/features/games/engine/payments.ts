import { sql } from 'drizzle-orm';
import type { LedgerCategory } from '../../../../shared/api/wallet';
import type { Queryable } from '../../../db/client';
import { banned } from '../../../platform/errors';
import { ledger } from '../../wallet/public';
import type { RefType } from '../../wallet/public';

/**
 * Moves one account by `delta` against a game round, as one single-row UPDATE by key (FOR NO
 * KEY UPDATE: the round's own inserts hold KEY SHARE on the user's row through their foreign
 * keys, which ledger.post's FOR UPDATE would wait on). A stake that would take the balance
 * below zero violates the users CHECK and becomes the API's 'Insufficient balance'.
 * Returns the balance after.
 */
export async function moveForRound(
  tx: Queryable,
  userId: number,
  roundId: number,
  delta: number,
  category: LedgerCategory,
  refType: RefType = 'round',
): Promise<number> {
  let rows: { balance: number }[];
  try {
    rows = await tx.rows<{ balance: number }>(sql`
      with ${ledger.accountUpdate('move', { userId, delta, category, actor: true })},
      ${ledger.ledgerRowsFor(['move'], { refType, refId: roundId, houseCategory: category })}
      select balance_after as balance from upd`);
  } catch (err) {
    throw ledger.postingError(err);
  }
  if (!rows[0]) throw banned();
  return Number(rows[0].balance);
}
