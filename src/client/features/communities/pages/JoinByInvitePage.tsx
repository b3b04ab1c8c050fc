import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBanner, LoadingState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { communityError, useJoinByInviteMutation } from '../mutations';

/** Why an invite did not let the player in, in words for them. */
function refusal(error: unknown): { title: string; text: string } {
  const said = communityError(error, 'Could not use this invite.');
  if (error instanceof ApiError && error.status === 410)
    return { title: said, text: 'Ask a moderator of the community for a new invite link.' };
  if (error instanceof ApiError && error.status === 404)
    return {
      title: 'This invite link does not work',
      text: 'Check that the whole link was copied, or ask for a new one.',
    };
  return { title: 'You could not join with this invite', text: said };
}

/**
 * /c/join/{code}: an invite link. The route needs a sign-in (the login page sends the player
 * back here), then joins at once and opens the community.
 */
export function JoinByInvitePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const join = useJoinByInviteMutation();
  // The code is spent once per visit, even when development mode runs effects twice.
  const tried = useRef<string | null>(null);
  const { mutate } = join;

  useEffect(() => {
    if (tried.current === code) return;
    tried.current = code;
    mutate(code, {
      onSuccess: ({ message, community }) => {
        notify.success(message);
        void navigate(`/c/${encodeURIComponent(community.slug)}`, { replace: true });
      },
    });
  }, [code, mutate, navigate]);

  if (!join.isError) return <LoadingState>Joining with your invite…</LoadingState>;
  const { title, text } = refusal(join.error);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold text-white">Invite not used</h1>
      <ErrorBanner>{title}</ErrorBanner>
      <p className="text-slate-300">{text}</p>
      <Link to="/communities" className="btn-primary">
        Browse communities
      </Link>
    </section>
  );
}
