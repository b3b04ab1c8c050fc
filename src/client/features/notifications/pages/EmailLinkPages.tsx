import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  notificationKinds,
  UNSUBSCRIBE_ALL,
  type NotificationKind,
} from '../../../../shared/notifications';
import { ErrorBanner, LoadingState } from '../../../components/States';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessages';
import { useSession } from '../../../lib/session';
import { notificationKeys } from '../queries';

/** A page a link in an e-mail opens: works signed in or not (the mail may be read elsewhere). */
function MailLinkPage({ title, children }: { title: string; children: ReactNode }) {
  const { token } = useSession();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold text-white">{title}</h1>
      {children}
      <Link to={token ? '/notifications/settings' : '/login'} className="btn-secondary">
        {token ? 'Notification settings' : 'Sign in'}
      </Link>
    </section>
  );
}

/** /email/confirm?token=…: the confirmation mail's link. */
export function EmailConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  // Confirming twice is harmless (the second answer says it is done), so a query is enough.
  const confirm = useQuery({
    queryKey: ['email-confirm', token],
    queryFn: async ({ signal }) => {
      const answer = await api('GET /api/user/email/confirm', { query: { token }, signal });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.emailAll() });
      return answer;
    },
    retry: false,
    staleTime: Infinity,
  });
  return (
    <MailLinkPage title="Confirm your e-mail">
      {confirm.isPending ? (
        <LoadingState>Confirming your address…</LoadingState>
      ) : confirm.error ? (
        <ErrorBanner>
          {errorMessage(confirm.error, 'This confirmation link does not work')}
        </ErrorBanner>
      ) : (
        <p role="status" className="text-slate-200">
          {confirm.data.message}
        </p>
      )}
    </MailLinkPage>
  );
}

type UnsubscribeKind = NotificationKind | typeof UNSUBSCRIBE_ALL;
const isKind = (kind: string | null): kind is UnsubscribeKind =>
  kind === UNSUBSCRIBE_ALL || notificationKinds.some((k) => k === kind);

/**
 * /email/unsubscribe?u=…&kind=…&sig=…: a digest's link to stop e-mails of a kind. It asks before
 * it does anything, since mail scanners open links too.
 */
export function EmailUnsubscribePage() {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const query = isKind(kind)
    ? { u: params.get('u') ?? '', kind, sig: params.get('sig') ?? '' }
    : null;
  const link = useQuery({
    queryKey: ['email-unsubscribe', query],
    queryFn: ({ signal }) => api('GET /api/notifications/unsubscribe', { query: query!, signal }),
    enabled: query !== null,
    retry: false,
  });
  const unsubscribe = useMutation({
    mutationFn: () => api('POST /api/notifications/unsubscribe', { query: query! }),
  });

  function body() {
    if (!query)
      return <ErrorBanner>This unsubscribe link is incomplete: copy all of it.</ErrorBanner>;
    if (link.isPending) return <LoadingState>Reading the link…</LoadingState>;
    if (link.error)
      return (
        <ErrorBanner>{errorMessage(link.error, 'This unsubscribe link does not work')}</ErrorBanner>
      );
    if (unsubscribe.isSuccess)
      return (
        <p role="status" className="text-slate-200">
          {unsubscribe.data.message}
        </p>
      );
    const { label, fixed, subscribed } = link.data;
    if (fixed)
      return (
        <p className="text-slate-300">
          “{label}” are about your account itself and are always mailed to a confirmed address.
          Remove the address in your notification settings to stop all e-mail.
        </p>
      );
    if (!subscribed)
      return <p className="text-slate-300">You get no e-mails about “{label}” already.</p>;
    return (
      <>
        <p className="text-slate-300">Stop e-mails about: “{label}”?</p>
        {unsubscribe.error && (
          <ErrorBanner>{errorMessage(unsubscribe.error, 'Could not unsubscribe')}</ErrorBanner>
        )}
        <button
          type="button"
          className="btn-primary"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
        >
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </button>
      </>
    );
  }

  return <MailLinkPage title="E-mail notifications">{body()}</MailLinkPage>;
}
