import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CommunityDetailDto, CommunityMemberDto } from '../../../../shared/api/communities';
import { communityRoles, type CommunityRole } from '../../../../shared/communities';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/Modal';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { SelectField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { communityError, useSetRoleMutation, useTransferOwnershipMutation } from '../mutations';
import { useMembers } from '../queries';
import { SanctionDialog } from './SanctionDialog';

const ROLE_LABEL: Record<CommunityRole, string> = {
  owner: 'Owner',
  moderator: 'Moderator',
  member: 'Member',
};

/** The server's rule (features/communities/access.ts maySanction), so no button is offered in vain. */
function maySanction(actor: CommunityRole | undefined, target: CommunityRole): boolean {
  if (!actor || actor === 'member' || target === 'owner') return false;
  return target === 'member' || actor === 'owner';
}

function MemberRow({
  member,
  now,
  myRole,
  isMe,
  onSanction,
  onTransfer,
  onRole,
}: {
  member: CommunityMemberDto;
  now: number;
  myRole: CommunityRole | undefined;
  isMe: boolean;
  onSanction: () => void;
  onTransfer: () => void;
  onRole: (role: 'moderator' | 'member') => void;
}) {
  const muted = member.mutedUntil !== null && new Date(member.mutedUntil).getTime() > now;
  const owner = myRole === 'owner' && !isMe;
  return (
    <li
      data-testid="community-member"
      data-username={member.username}
      className="flex flex-wrap items-center gap-3 py-3"
    >
      <Avatar src={member.profileImage} username={member.username} size="sm" />
      <div className="min-w-0 flex-1 basis-40">
        <Link
          to={`/profile/${encodeURIComponent(member.username)}`}
          className="font-semibold wrap-anywhere text-amber-200 hover:underline"
        >
          {member.username}
        </Link>
        <p className="text-xs text-slate-400">
          {ROLE_LABEL[member.role]} · since {formatDate(member.since)}
          {muted && member.mutedUntil && ` · muted until ${formatDateTime(member.mutedUntil)}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {owner && member.role === 'member' && (
          <button type="button" className="btn-secondary" onClick={() => onRole('moderator')}>
            Make moderator
          </button>
        )}
        {owner && member.role === 'moderator' && (
          <button type="button" className="btn-secondary" onClick={() => onRole('member')}>
            Make member
          </button>
        )}
        {owner && (
          <button type="button" className="btn-secondary" onClick={onTransfer}>
            Transfer ownership
          </button>
        )}
        {!isMe && maySanction(myRole, member.role) && (
          <button type="button" className="btn-danger" onClick={onSanction}>
            Sanction
          </button>
        )}
      </div>
    </li>
  );
}

export function MembersTab({ community }: { community: CommunityDetailDto }) {
  const ids = useId();
  const { user } = useSession();
  const [role, setRole] = useState<CommunityRole | null>(null);
  // When the list was opened: a mute that ended since then still shows until the next visit.
  const [now] = useState(() => Date.now());
  const [sanctioning, setSanctioning] = useState<string | null>(null);
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const members = useMembers(community.slug, role);
  const setMemberRole = useSetRoleMutation(community.slug);
  const transfer = useTransferOwnershipMutation(community.slug);
  const myRole = community.membership?.role;
  const me = user?.username.toLowerCase() ?? null;
  const list = members.data?.pages.flatMap((page) => page.members) ?? [];
  const done = {
    onSuccess: ({ message }: { message: string }) => notify.success(message),
    onError: (error: Error) => notify.error(communityError(error, 'Could not do that')),
  };

  return (
    <div className="card flex flex-col gap-3">
      <SelectField
        id={`${ids}-role`}
        label="Show"
        value={role ?? ''}
        onValueChange={(v) => setRole(v === '' ? null : (v as CommunityRole))}
        className="w-full sm:w-56"
      >
        <option value="">Everyone</option>
        {communityRoles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}s
          </option>
        ))}
      </SelectField>
      {members.isPending ? (
        <LoadingState>Loading members…</LoadingState>
      ) : members.error && !members.isFetchNextPageError ? (
        <ErrorBanner>{errorMessage(members.error, 'Failed to load members')}</ErrorBanner>
      ) : list.length === 0 ? (
        <EmptyState>Nobody with that role.</EmptyState>
      ) : (
        <>
          <ul aria-label="Members" className="flex flex-col divide-y divide-white/10">
            {list.map((m) => (
              <MemberRow
                key={m.username}
                member={m}
                now={now}
                myRole={myRole}
                isMe={m.username.toLowerCase() === me}
                onSanction={() => setSanctioning(m.username)}
                onTransfer={() => setTransferTo(m.username)}
                onRole={(r) => setMemberRole.mutate({ username: m.username, role: r }, done)}
              />
            ))}
          </ul>
          <ShowMore query={members} what="members" />
        </>
      )}
      <SanctionDialog
        slug={community.slug}
        username={sanctioning}
        onClose={() => setSanctioning(null)}
      />
      <ConfirmDialog
        open={transferTo !== null}
        question={`Make ${transferTo ?? ''} the owner of ${community.name}?`}
        details="You become a moderator, and only the new owner can give it back."
        confirmLabel="Transfer ownership"
        tone="danger"
        onCancel={() => setTransferTo(null)}
        onConfirm={() => {
          if (transferTo) transfer.mutate(transferTo, done);
          setTransferTo(null);
        }}
      />
    </div>
  );
}
