import { useId, useState } from 'react';
import type { Badge } from '../../../../shared/api/accounts';
import { EmptyState } from '../../../components/States';
import { Medal } from 'lucide-react';

/**
 * Spec section 2: clicking a badge toggles a panel with its description. Every listed badge is
 * owned, so none is dimmed.
 */
export function BadgeShelf({ badges, title = 'Badges' }: { badges: Badge[]; title?: string }) {
  const ids = useId();
  const [open, setOpen] = useState<string | null>(null);
  const shown = badges.find((b) => b._id === open);
  return (
    <section aria-labelledby={`${ids}-heading`} className="card">
      <h2 id={`${ids}-heading`} className="section-title mb-4">
        <Medal className="mr-1.5" />
        {title}
      </h2>
      {badges.length === 0 ? (
        <EmptyState>No badges yet</EmptyState>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2">
            {badges.map((badge) => (
              <li key={badge._id} className="max-w-full min-w-0">
                <button
                  type="button"
                  data-testid="badge"
                  aria-expanded={open === badge._id}
                  aria-controls={open === badge._id ? `${ids}-panel` : undefined}
                  onClick={() => setOpen((current) => (current === badge._id ? null : badge._id))}
                  className="max-w-full rounded-2xl border border-fuchsia-400/40 text-left wrap-anywhere bg-fuchsia-500/15 px-3 py-1 text-sm font-semibold text-fuchsia-100 hover:bg-fuchsia-500/25"
                >
                  {badge.name}
                </button>
              </li>
            ))}
          </ul>
          {shown && (
            <div
              id={`${ids}-panel`}
              data-testid="badge-panel"
              className="mt-3 rounded-xl border border-fuchsia-400/30 bg-fuchsia-500/10 p-3"
            >
              <p className="font-semibold wrap-anywhere text-fuchsia-100">{shown.name}</p>
              <p className="text-sm wrap-anywhere text-slate-300">
                {shown.description || 'No description'}
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
