// Renders the public pages' first screen into HTML files beside the built client (see
// src/client/prerender.tsx): one SSR build of that entry, then one file per page.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The pages prerendered; each is written to <outDir>/prerendered/<path>.html ('/' as home.html), where the server looks. */
const PAGES = ['/', '/login', '/register', '/rules'];

/** `plugins`: the client build's own that the pages' modules need (virtual:fs-contract). */
export async function prerender(outDir, plugins = []) {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  // Inside the project, so the SSR bundle's bare imports (react, react-router) resolve.
  await mkdir(path.join(root, 'node_modules/.cache'), { recursive: true });
  const ssrDir = await mkdtemp(path.join(root, 'node_modules/.cache/fs-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react(), ...plugins],
      resolve: { alias: { '@shared': path.join(root, 'src/shared') } },
      build: {
        ssr: path.join(root, 'src/client/prerender.tsx'),
        outDir: ssrDir,
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const { render } = await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href);
    const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
    if (!shell.includes('<div id="root"></div>'))
      throw new Error('prerender: index.html has no empty <div id="root"></div>');
    await mkdir(path.join(outDir, 'prerendered'), { recursive: true });
    for (const page of PAGES) {
      const file = `${page === '/' ? 'home' : page.slice(1)}.html`;
      const html = await render(page);
      // inert: nothing in the copy can be clicked or typed into before the app replaces it.
      const filled = shell.replace(
        '<div id="root"></div>',
        `<div id="root"><div id="prerendered" inert>${html}</div></div>`,
      );
      await writeFile(path.join(outDir, 'prerendered', file), filled);
    }
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}
