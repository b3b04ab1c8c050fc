import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { SessionProvider } from './lib/session';

/**
 * Build-time only (scripts/prerender.mjs): the public pages' first screen as HTML, as a
 * signed-out visitor sees it before any data arrives, so a phone paints text while the
 * scripts still download. main.tsx replaces it once the route's chunk is loaded.
 */
export async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response)
    throw new Error(`prerender ${pathname}: the route answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
