import { sql } from 'drizzle-orm';
import type { AuditReportDto } from '../../../shared/api/admin';
import type { Queryable } from '../../db/client';
import { holdingsFromBalances, holdingsFromLedger, ledger } from '../wallet/public';
import { items } from '../items/public';
import type { FeatureModule } from '../../platform/module';
import { accountsSql } from '../accounts/public';

/**
 * The conservation checks behind `npm run audit` and GET /api/admin/audit: the same report
 * whether the database is read directly or through the server that holds it. Coins through
 * the ledger's audit, items through the items module's (with every module's open promises of
 * units), then each module's own checks.
 */
export async function auditReport(
  q: Queryable,
  modules: readonly FeatureModule[],
): Promise<AuditReportDto> {
  const problem =
    (await ledger.audit(q)) ??
    (await ledger.auditCommitments(
      q,
      modules.flatMap((m) => (m.accountPromises ? [m.accountPromises] : [])),
    )) ??
    (await items.auditHoldings(
      q,
      modules.flatMap((m) => (m.itemLocks ? [m.itemLocks] : [])),
    ));
  const [stats] = await q.rows<{ rows: number; users: number; movements: number; units: number }>(
    sql`select ${ledger.rowCount} as rows, (select count(*)::int from ${accountsSql.users}) as users,
      ${items.movementCount} as movements, ${items.unitsMoved} as units`,
  );
  const notes: string[] = [];
  const unplaced = await ledger.unplacedRows(q);
  if (unplaced > 0)
    notes.push(`${unplaced} ledger rows written before migration 0003 name no business row`);
  return {
    ok: problem === null,
    problem: problem?.message ?? null,
    ledgerRows: stats?.rows ?? 0,
    users: stats?.users ?? 0,
    itemMovements: stats?.movements ?? 0,
    economy: { coins: await holdingsFromLedger(q), itemUnits: Number(stats?.units ?? 0) },
    notes,
    checkedAt: new Date().toISOString(),
  };
}

/** Where the coins and items are, from the stored balances and holdings (GET /metrics). */
export async function economyFromBalances(q: Queryable): Promise<AuditReportDto['economy']> {
  const [coins, [held]] = await Promise.all([
    holdingsFromBalances(q),
    q.rows<{ units: number }>(sql`select ${items.unitsHeld} as units`),
  ]);
  return { coins, itemUnits: Number(held?.units ?? 0) };
}

export function describeReport(report: AuditReportDto): string {
  const lines = [
    report.ok
      ? `audit ok: ${report.ledgerRows} ledger rows over ${report.users} users sum to zero; every balance matches its ledger and none is negative; ` +
        `${report.itemMovements} item movements explain every holding, none is negative and every locked unit is promised to an open trade`
      : `audit FAILED: ${report.problem}`,
    ...report.notes.map((n) => `note: ${n}`),
  ];
  return lines.join('\n');
}
