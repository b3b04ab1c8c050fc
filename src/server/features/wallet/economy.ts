import { sql } from 'drizzle-orm';
import type { LedgerCategory } from '../../../shared/api/wallet';
import type { Queryable } from '../../db/client';
import { accountsSql } from '../accounts/public';
import { currencies, GOLD, type Currency } from './currencies';

/*
 * Where the coins are (GET /metrics and the audit report, DESIGN.md section 13), summed two
 * ways: from the stored balances, and from the ledger's rows alone. The audit proves each
 * balance equals its rows, so the two agree on a sound database.
 */

/**
 * Categories whose house rows hold coins for someone rather than keep them: a bought service's
 * price until it is released or refunded. The house's net over them is what it holds in escrow.
 */
const escrowCategories = [
  'service_escrow',
  'service_release',
  'service_refund',
] as const satisfies readonly LedgerCategory[];

/** Where a currency's coins are: the players' balances, the house's own, the treasuries', escrow. */
export interface CoinHoldings {
  currency: Currency;
  players: number;
  house: number;
  treasuries: number;
  escrow: number;
}

const inEscrow = sql.join(
  escrowCategories.map((c) => sql`${c}`),
  sql`, `,
);

/**
 * The coins of every currency as the stored balances hold them (the metrics' figures): the
 * players' and treasuries' balances, escrow from the house's rows (nothing stores it), and the
 * house's own as the rest, so that the four sum to zero like the ledger. The house's figure is
 * negative: it is what it minted net of what came back.
 */
export async function holdingsFromBalances(q: Queryable): Promise<CoinHoldings[]> {
  const rows = await q.rows<{
    currency: Currency;
    players: string;
    treasuries: string;
    escrow: string;
  }>(sql`
    select c.currency,
      (case when c.currency = ${GOLD} then (select coalesce(sum(balance), 0) from ${accountsSql.users})
        else (select coalesce(sum(amount), 0) from balances b where b.currency = c.currency) end)::text as players,
      (case when c.currency = ${GOLD} then (select coalesce(sum(balance), 0) from ledger_accounts) else 0 end)::text as treasuries,
      (select coalesce(sum(delta), 0) from ledger l where l.user_id is null and l.account_id is null
        and l.currency = c.currency and l.category in (${inEscrow}))::text as escrow
    from (values ${sql.join(
      currencies.map((c) => sql`(${c}::text)`),
      sql`, `,
    )}) as c(currency)`);
  return rows.map((r) => {
    const players = Number(r.players);
    const treasuries = Number(r.treasuries);
    const escrow = Number(r.escrow);
    return {
      currency: r.currency,
      players,
      treasuries,
      escrow,
      house: -(players + treasuries + escrow),
    };
  });
}

/** The same figures summed from the ledger's rows alone (the audit's side of the books). */
export async function holdingsFromLedger(q: Queryable): Promise<CoinHoldings[]> {
  const rows = await q.rows<{
    currency: Currency;
    players: string;
    treasuries: string;
    house: string;
    escrow: string;
  }>(sql`
    select currency,
      coalesce(sum(delta) filter (where user_id is not null), 0)::text as players,
      coalesce(sum(delta) filter (where account_id is not null), 0)::text as treasuries,
      coalesce(sum(delta) filter (where user_id is null and account_id is null and category not in (${inEscrow})), 0)::text as house,
      coalesce(sum(delta) filter (where user_id is null and account_id is null and category in (${inEscrow})), 0)::text as escrow
    from ledger group by currency`);
  const byCurrency = new Map(rows.map((r) => [r.currency, r]));
  return currencies.map((currency) => {
    const r = byCurrency.get(currency);
    return {
      currency,
      players: Number(r?.players ?? 0),
      treasuries: Number(r?.treasuries ?? 0),
      escrow: Number(r?.escrow ?? 0),
      house: Number(r?.house ?? 0),
    };
  });
}
