import {
  JOIN_POLICY_TEXT,
  communityJoinPolicies,
  type CommunityJoinPolicy,
  type CommunityVisibility,
} from '../../../../shared/communities';
import { SelectField } from '../../../components/TextField';

const POLICY_LABEL: Record<CommunityJoinPolicy, string> = {
  open: 'Open',
  approval: 'Approval',
  invite: 'Invite only',
};

/** Who can see the community and how people get in; shared by the create and settings forms. */
export function PolicyFields({
  idPrefix,
  visibility,
  joinPolicy,
  onVisibility,
  onJoinPolicy,
}: {
  idPrefix: string;
  visibility: CommunityVisibility;
  joinPolicy: CommunityJoinPolicy;
  onVisibility: (v: CommunityVisibility) => void;
  onJoinPolicy: (p: CommunityJoinPolicy) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div>
        <SelectField
          id={`${idPrefix}-visibility`}
          label="Visibility"
          value={visibility}
          onValueChange={(v) => onVisibility(v as CommunityVisibility)}
          aria-describedby={`${idPrefix}-visibility-hint`}
        >
          <option value="public">Public</option>
          <option value="private">Private</option>
        </SelectField>
        <p id={`${idPrefix}-visibility-hint`} className="mt-1 text-xs text-slate-400">
          {visibility === 'public'
            ? 'Anyone can find it and read its feed.'
            : 'Only members can find it or read anything in it.'}
        </p>
      </div>
      <div>
        <SelectField
          id={`${idPrefix}-policy`}
          label="Join policy"
          value={joinPolicy}
          onValueChange={(v) => onJoinPolicy(v as CommunityJoinPolicy)}
          aria-describedby={`${idPrefix}-policy-hint`}
        >
          {communityJoinPolicies.map((p) => (
            <option key={p} value={p}>
              {POLICY_LABEL[p]}
            </option>
          ))}
        </SelectField>
        <p id={`${idPrefix}-policy-hint`} className="mt-1 text-xs text-slate-400">
          {JOIN_POLICY_TEXT[joinPolicy]}.
        </p>
      </div>
    </div>
  );
}
