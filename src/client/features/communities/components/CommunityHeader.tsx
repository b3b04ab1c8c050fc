import type { ReactNode } from 'react';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import { JOIN_POLICY_TEXT } from '../../../../shared/communities';
import { Emoji } from '../../../components/Emoji';
import { formatCoins } from '../../../lib/format';
import { DonateBox } from './DonateBox';
import { MembershipActions } from './MembershipActions';
import { ReportButton } from '../../reports/public';

const ROLE_TEXT = {
  owner: 'You own it',
  moderator: 'You are a moderator',
  member: 'You are a member',
} as const;

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-400">{label}:</dt>
      <dd className="font-semibold text-white">{children}</dd>
    </div>
  );
}

export function CommunityHeader({ community }: { community: CommunityDetailDto }) {
  const { icon, name, slug, description, members, treasury, visibility, joinPolicy, membership } =
    community;
  return (
    <header className="card flex flex-col gap-4">
      <div className="flex min-w-0 items-start gap-4">
        <span aria-hidden="true" className="shrink-0 text-5xl">
          <Emoji char={icon} label="" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-3xl font-extrabold wrap-anywhere text-white">{name}</h1>
          <p className="text-sm text-slate-400">
            /c/{slug} · {visibility === 'private' ? 'Private' : 'Public'}
            {membership && ` · ${ROLE_TEXT[membership.role]}`}
          </p>
          {description && (
            <p className="mt-2 wrap-anywhere whitespace-pre-wrap text-slate-200">{description}</p>
          )}
        </div>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Stat label="Members">{formatCoins(members)}</Stat>
        <Stat label="Treasury">
          <span data-testid="community-treasury">
            <Emoji char="🪙" /> {formatCoins(treasury)}
          </span>
        </Stat>
        <Stat label="Joining">{JOIN_POLICY_TEXT[joinPolicy]}</Stat>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <MembershipActions community={community} />
        <ReportButton targetType="community" targetId={community._id} label={name} />
      </div>
      {membership && <DonateBox slug={slug} />}
    </header>
  );
}
