import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { EmojiText } from '../../../../components/Emoji';
import { usePublished } from '../queries';
import { PublishedTableView } from './PublishedTableView';

/**
 * Every published figure (issue 34): returns and house shares, faucet caps, items, odds and
 * bounds, as rows the server builds from the code that pays (shared/published). This renders
 * them and decides nothing.
 */
export function PublishedFigures() {
  const published = usePublished();
  const { hash } = useLocation();
  const loaded = published.data !== undefined;
  // A link to one of these sections (/fairness#pet-odds) lands on it once the rows arrive.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);
  if (published.isPending) return <LoadingState>Loading the published figures…</LoadingState>;
  if (!published.data)
    return (
      <ErrorBanner>
        The published figures could not be loaded. Reload the page to try again.
      </ErrorBanner>
    );
  const { sections } = published.data;
  return (
    <>
      <nav aria-labelledby="published-nav-title" className="card flex flex-col gap-2">
        <h2 id="published-nav-title" className="font-display text-xl font-bold text-white">
          Published figures
        </h2>
        <p className="text-sm text-slate-400">
          Every return, cap, item value and odds the site publishes, computed by the code that pays.
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {sections.map((section) => (
            <li key={section.key}>
              <a
                href={`#${section.key}`}
                className="text-amber-200 underline-offset-2 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section
          key={section.key}
          id={section.key}
          aria-labelledby={`${section.key}-title`}
          className="card flex scroll-mt-24 flex-col gap-4"
          data-testid="published-section"
          data-section={section.key}
        >
          <h2 id={`${section.key}-title`} className="font-display text-xl font-bold text-white">
            {section.title}
          </h2>
          {section.notes.map((note, i) => (
            <p key={i} className="text-sm text-slate-300" data-testid="published-note">
              <EmojiText text={note} />
            </p>
          ))}
          {section.tables.map((table) => (
            <PublishedTableView key={table.key} table={table} />
          ))}
        </section>
      ))}
    </>
  );
}
