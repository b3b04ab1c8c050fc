// `npm run bench:size`: the JavaScript each page of the client router loads on a first visit (raw,
// gzip, brotli), one JSON line per page, then the home page against its budget. Measures the
// current build (run `npx vite build` first); CLIENT_DIR measures another build.
import { createServer } from 'vite';
import { pagesJs } from './lib.mjs';

/** Issue 35: the home page's scripts, brotli, on a first visit. */
const HOME_BUDGET_KIB = 100;

const clientDir = process.env.CLIENT_DIR ?? 'dist/client';

/**
 * Every page of src/client/app/router.tsx, read from the router itself (through Vite, as the
 * prerender reads it), each with who may see it: behind RequireAuth a player, behind
 * RequireAdmin the admin. Path parameters take a sample value; a splat that repeats its
 * sibling index page is left out, the top one (not found) is visited at an unknown path.
 */
async function routerPages() {
  const vite = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, ws: false, watch: null },
  });
  try {
    const { routes } = await vite.ssrLoadModule('/app/router.tsx');
    const { RequireAdmin, RequireAuth } = await vite.ssrLoadModule('/app/guards.tsx');
    const pages = [];
    const walk = (list, base, auth) => {
      for (const route of list) {
        const guard = route.element?.type;
        const access = guard === RequireAdmin ? 'admin' : guard === RequireAuth ? 'user' : auth;
        const segment = (route.path ?? '')
          .replace(/:username\b/g, 'admin')
          .replace(/:[A-Za-z]+/g, '1');
        const here =
          segment === '' ? base : `${base.replace(/\/$/, '')}/${segment.replace(/^\//, '')}`;
        if (route.children) walk(route.children, here, access);
        if (!route.lazy && !route.Component) continue;
        if (route.path === '*') {
          if (list.some((sibling) => sibling.index && sibling.lazy === route.lazy)) continue;
          pages.push({ path: here.replace(/\*$/, 'no-such-page'), auth: access });
        } else pages.push({ path: here, auth: access });
      }
    };
    walk(routes, '', 'public');
    return pages;
  } finally {
    await vite.close();
  }
}

const pages = await routerPages();
const sizes = await pagesJs(3820, pages, clientDir);
if (!sizes) {
  console.log(`no chromium or no build in ${clientDir}`);
} else {
  for (const size of sizes) console.log(JSON.stringify(size));
  const home = sizes.find((size) => size.page === '/');
  if (home?.brotliKiB !== undefined) {
    const over = +(home.brotliKiB - HOME_BUDGET_KIB).toFixed(1);
    console.log(
      `home page (/): ${home.brotliKiB} KiB brotli in ${home.files} files, budget ${HOME_BUDGET_KIB} KiB: ${over > 0 ? `OVER by ${over} KiB` : 'within'}`,
    );
  }
}
