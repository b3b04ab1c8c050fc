import { useId, useState, type SubmitEvent } from 'react';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import type { CommunityJoinPolicy, CommunityVisibility } from '../../../../shared/communities';
import { ErrorBanner } from '../../../components/States';
import { TextAreaField, TextField } from '../../../components/TextField';
import { notify } from '../../../lib/toast';
import { communityError, useEditCommunityMutation, type EditCommunityInput } from '../mutations';
import { IconField } from './IconField';
import { PolicyFields } from './PolicyFields';

/** Moderators edit what the community says about itself; only what changed is sent. */
export function SettingsTab({ community }: { community: CommunityDetailDto }) {
  const ids = useId();
  const edit = useEditCommunityMutation(community.slug);
  const [name, setName] = useState(community.name);
  const [description, setDescription] = useState(community.description);
  const [icon, setIcon] = useState(community.icon);
  const [rules, setRules] = useState(community.rules);
  const [visibility, setVisibility] = useState<CommunityVisibility>(community.visibility);
  const [joinPolicy, setJoinPolicy] = useState<CommunityJoinPolicy>(community.joinPolicy);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (edit.isPending) return;
    const changes: EditCommunityInput = {};
    if (name.trim() !== community.name) changes.name = name.trim();
    if (description.trim() !== community.description) changes.description = description.trim();
    if (icon !== community.icon) changes.icon = icon;
    if (rules.trim() !== community.rules) changes.rules = rules.trim();
    if (visibility !== community.visibility) changes.visibility = visibility;
    if (joinPolicy !== community.joinPolicy) changes.joinPolicy = joinPolicy;
    if (Object.keys(changes).length === 0) return setProblem('Nothing changed.');
    setProblem(null);
    edit.mutate(changes, {
      onSuccess: () => notify.success('Settings saved'),
      onError: (error) => setProblem(communityError(error, 'Could not save the settings')),
    });
  }

  return (
    <form
      aria-label="Community settings"
      onSubmit={onSubmit}
      noValidate
      className="card flex flex-col gap-4"
    >
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <TextField
        id={`${ids}-name`}
        label="Name"
        value={name}
        onValueChange={setName}
        maxLength={60}
        autoComplete="off"
      />
      <TextAreaField
        id={`${ids}-description`}
        label="Description"
        value={description}
        onValueChange={setDescription}
        maxLength={500}
        rows={2}
      />
      <IconField id={`${ids}-icon`} value={icon} onChange={setIcon} />
      <TextAreaField
        id={`${ids}-rules`}
        label="Rules"
        value={rules}
        onValueChange={setRules}
        maxLength={4000}
        rows={5}
      />
      <PolicyFields
        idPrefix={ids}
        visibility={visibility}
        joinPolicy={joinPolicy}
        onVisibility={setVisibility}
        onJoinPolicy={setJoinPolicy}
      />
      <button type="submit" className="btn-primary self-start" disabled={edit.isPending}>
        {edit.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
