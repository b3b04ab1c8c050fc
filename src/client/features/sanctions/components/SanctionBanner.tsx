import { Link } from 'react-router';
import { Ban } from 'lucide-react';
import { SANCTION_SCOPES, sanctionMessage } from '../../../../shared/sanctions';
import { useOwnSanctions } from '../queries';

/**
 * Under the navigation on every page while a sanction is in force: what, why, until when, and
 * the way to appeal (issue 39). Nothing at all for the rest.
 */
export function SanctionBanner() {
  const sanctions = useOwnSanctions();
  const list = sanctions.data ?? [];
  if (list.length === 0) return null;
  return (
    <aside
      aria-label="Sanctions on your account"
      className="mx-auto mt-4 flex w-full max-w-6xl flex-col gap-2 px-4"
    >
      {list.map((s) => (
        <div
          key={s._id}
          data-testid="sanction-banner"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-rose-400/50 bg-rose-950/70 px-4 py-3 text-sm text-rose-100"
        >
          <Ban aria-hidden className="shrink-0 text-rose-300" />
          <p className="min-w-0 flex-1 wrap-anywhere">
            <strong className="font-semibold text-white">{SANCTION_SCOPES[s.scope].label}.</strong>{' '}
            {sanctionMessage(s.scope, s.reason, s.endsAt)}
          </p>
          <Link to="/sanctions" className="font-semibold text-amber-300 underline">
            {s.appeal ? 'See your appeal' : 'Appeal'}
          </Link>
        </div>
      ))}
    </aside>
  );
}
