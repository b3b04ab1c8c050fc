import type { AppealDto, AppealEntryDto, SanctionDto } from '../../../shared/api/sanctions';
import type { SanctionScope } from '../../../shared/sanctions';

const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

interface AppealRow {
  id: number;
  text: string;
  created_at: string;
  decision: 'upheld' | 'lifted' | null;
  reply: string | null;
  decided_at: string | null;
  decided_by: string | null;
}

export interface SanctionRow {
  id: number;
  username: string;
  scope: SanctionScope;
  reason: string;
  created_at: string;
  ends_at: string | null;
  by: string | null;
  lifted_at: string | null;
  lifted_by: string | null;
  in_force: boolean;
  appeal: AppealRow | null;
}

const presentAppeal = (a: AppealRow): AppealDto => ({
  _id: String(a.id),
  text: a.text,
  createdAt: iso(a.created_at)!,
  decision: a.decision,
  reply: a.reply,
  decidedAt: iso(a.decided_at),
  decidedBy: a.decided_by,
});

export const presentSanction = (r: SanctionRow): SanctionDto => ({
  _id: String(r.id),
  username: r.username,
  scope: r.scope,
  reason: r.reason,
  createdAt: iso(r.created_at)!,
  endsAt: iso(r.ends_at),
  by: r.by,
  liftedAt: iso(r.lifted_at),
  liftedBy: r.lifted_by,
  status: r.lifted_at !== null ? 'lifted' : r.in_force ? 'active' : 'ended',
  appeal: r.appeal && presentAppeal(r.appeal),
});

export const presentAppealEntry = (r: SanctionRow): AppealEntryDto => {
  const { appeal, ...sanction } = presentSanction(r);
  if (!appeal) throw new Error(`sanction ${r.id} has no appeal`);
  return { ...appeal, username: r.username, sanction };
};
