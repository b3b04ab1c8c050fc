import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../../lib/session';
import { PublishedFigures } from '../components/PublishedFigures';
import { RoundHistory } from '../../components/public';
import { SeedPanel } from '../components/SeedPanel';
import { Verifier } from '../components/Verifier';

/** DESIGN.md section 5: seeds, the verifier and every published figure. The verifier and the figures need no account. */
export function FairnessPage() {
  const { isAuthenticated } = useSession();
  const { hash, search } = useLocation();

  // A verify link lands on its section once the page is drawn, from this page's own list too
  // (same hash, new values).
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, search]);

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
          Provably fair
        </h1>
        <p className="mt-1 max-w-3xl text-slate-400">
          Every game outcome comes from HMAC-SHA256 of your server seed, client seed and a nonce
          that counts your rounds. You see the server seed's SHA-256 before you play; rotating
          reveals it, so you can recompute every round it decided.
        </p>
      </header>
      {isAuthenticated && <SeedPanel />}
      {/* A verify link to this same page brings new values: the form starts again from them. */}
      <Verifier key={search} />
      {isAuthenticated && <RoundHistory filterable />}
      <PublishedFigures />
    </div>
  );
}
