import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  COMMUNITY_CREATE_COST,
  COMMUNITY_SLUG_MAX,
  COMMUNITY_SLUG_MIN,
  COMMUNITY_SLUG_PATTERN,
  type CommunityJoinPolicy,
  type CommunityVisibility,
} from '../../../../shared/communities';
import { ErrorBanner } from '../../../components/States';
import { TextAreaField, TextField } from '../../../components/TextField';
import { errorField } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { communityError, useCreateCommunityMutation } from '../mutations';
import { IconField } from './IconField';
import { PolicyFields } from './PolicyFields';

/** A slug from a name: 'Night Owls!' -> 'night-owls'. */
function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, COMMUNITY_SLUG_MAX);
}

function slugProblem(slug: string): string | null {
  if (slug.length < COMMUNITY_SLUG_MIN)
    return `The address needs at least ${COMMUNITY_SLUG_MIN} characters.`;
  if (slug.length > COMMUNITY_SLUG_MAX)
    return `The address can be at most ${COMMUNITY_SLUG_MAX} characters.`;
  if (!COMMUNITY_SLUG_PATTERN.test(slug))
    return 'The address may use only lowercase letters, digits and -.';
  return null;
}

/** Founding a community: the cost goes into its treasury, and the founder owns it. */
export function CreateCommunityForm() {
  const ids = useId();
  const navigate = useNavigate();
  const create = useCreateCommunityMutation();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [icon, setIcon] = useState('👥');
  const [visibility, setVisibility] = useState<CommunityVisibility>('public');
  const [joinPolicy, setJoinPolicy] = useState<CommunityJoinPolicy>('open');
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);

  const shownSlug = slugEdited ? slug : slugFrom(name);
  const fieldError = (field: string) => (problem?.field === field ? problem.text : null);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const wrongSlug = slugProblem(shownSlug);
    if (name.trim().length < 3)
      return setProblem({ field: 'name', text: 'Names need at least 3 characters.' });
    if (wrongSlug) return setProblem({ field: 'slug', text: wrongSlug });
    setProblem(null);
    create.mutate(
      {
        slug: shownSlug,
        name: name.trim(),
        description: description.trim(),
        icon,
        visibility,
        joinPolicy,
      },
      {
        onSuccess: ({ message, community }) => {
          notify.success(message || `${community.name} is open`);
          void navigate(`/c/${encodeURIComponent(community.slug)}`);
        },
        onError: (error) =>
          setProblem({
            field: errorField(error),
            text: communityError(error, 'Could not create the community'),
          }),
      },
    );
  }

  const cost = formatCoins(COMMUNITY_CREATE_COST);
  return (
    <form
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-cost`}
      onSubmit={onSubmit}
      noValidate
      className="card flex flex-col gap-4"
    >
      <div>
        <h2 id={`${ids}-title`} className="section-title">
          Start a community
        </h2>
        <p id={`${ids}-cost`} className="mt-1 text-sm text-slate-300">
          It costs {cost} coins, paid into the community’s treasury (members can add to it). You
          will be its owner.
        </p>
      </div>
      {problem && !problem.field && <ErrorBanner>{problem.text}</ErrorBanner>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={`${ids}-name`}
          label="Name"
          value={name}
          onValueChange={setName}
          maxLength={60}
          autoComplete="off"
          required
          error={fieldError('name')}
        />
        <TextField
          id={`${ids}-slug`}
          label="Address"
          value={shownSlug}
          onValueChange={(value) => {
            setSlugEdited(true);
            setSlug(value.toLowerCase());
          }}
          maxLength={COMMUNITY_SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          required
          hint={`/c/${shownSlug || '…'} · ${COMMUNITY_SLUG_MIN}-${COMMUNITY_SLUG_MAX} of a-z, 0-9 and -`}
          error={fieldError('slug')}
        />
      </div>
      <TextAreaField
        id={`${ids}-description`}
        label="Description"
        value={description}
        onValueChange={setDescription}
        maxLength={500}
        rows={2}
        error={fieldError('description')}
      />
      <IconField id={`${ids}-icon`} value={icon} onChange={setIcon} error={fieldError('icon')} />
      <PolicyFields
        idPrefix={ids}
        visibility={visibility}
        joinPolicy={joinPolicy}
        onVisibility={setVisibility}
        onJoinPolicy={setJoinPolicy}
      />
      {problem?.field && (
        <p className="sr-only" role="alert">
          {problem.text}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : `Create for ${cost} coins`}
      </button>
    </form>
  );
}
