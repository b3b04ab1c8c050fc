import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavBar } from './NavBar';
import { Footer } from './Footer';
import { useForgetSignOutOnLeave } from './guards';
import { LiveUpdates } from './LiveUpdates';
import { usePageTitle } from './pageTitle';
import { SanctionBanner } from '../features/sanctions/public';

/** Lazy pages keep the old screen up while their chunk loads; this bar says something is coming. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-pulse bg-amber-300" />
    </div>
  );
}

export function RootLayout() {
  useForgetSignOutOnLeave();
  usePageTitle();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-amber-300 text-slate-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <LiveUpdates />
      <NavBar />
      <SanctionBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
