import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './app/queryClient';
import { createRouter } from './app/router';
import { Toasts } from './app/Toasts';
import { startPwa } from './lib/pwa';
import { SessionProvider } from './lib/session';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startPwa();
const queryClient = createQueryClient();
const router = createRouter();

/**
 * A prerendered page (scripts/prerender.mjs) stays up until its route's chunk has loaded, so
 * the app replaces it with the same screen instead of a loading spinner. Other pages start at once.
 */
function whenRouteLoaded(): Promise<void> {
  if (!document.getElementById('prerendered') || router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// A transition lets React yield to the browser every few milliseconds while it builds the
// first screen, instead of one long task that holds input (and a phone's main thread) back.
void whenRouteLoaded().then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
            <Toasts />
          </SessionProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
