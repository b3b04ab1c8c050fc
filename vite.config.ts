import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types, shared with nothing else
import { precompress } from './scripts/precompress.mjs';
// @ts-expect-error plain ESM script without types
import { prerender } from './scripts/prerender.mjs';
// @ts-expect-error plain ESM script without types
import { copyEmoji, serveEmoji } from './scripts/emoji.mjs';
// @ts-expect-error plain ESM script without types
import { serveAppIcons, writeAppIcons } from './scripts/appIcons.mjs';
import { SESSION_MARK_SCRIPT } from './src/shared/prerender.ts';
import { fsContract } from './scripts/fsContract.ts';
import { clientZod } from './scripts/clientZod.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/client',
  // `@shared/...` as tsconfig.json's paths declare it (tsx reads those for the server).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    fsContract(),
    clientZod(),
    {
      name: 'session-mark',
      transformIndexHtml: () => [
        { tag: 'script', children: SESSION_MARK_SCRIPT, injectTo: 'head-prepend' as const },
      ],
    },
    {
      // The prerendered screen paints from the HTML and the CSS alone; the app's scripts
      // (deferred anyway) fetch at low priority so they never hold that first paint back.
      name: 'scripts-after-paint',
      apply: 'build',
      transformIndexHtml: {
        order: 'post' as const,
        handler: (html: string) =>
          html
            .replace(
              /<script type="module" crossorigin/g,
              '<script type="module" fetchpriority="low" crossorigin',
            )
            .replace(
              /<link rel="modulepreload" crossorigin/g,
              '<link rel="modulepreload" fetchpriority="low" crossorigin',
            ),
      },
    },
    {
      // The emoji images (scripts/emoji.mjs) and the app's icons (scripts/appIcons.mjs) in
      // development, where the build has not written them.
      name: 'emoji-images',
      apply: 'serve',
      configureServer(server) {
        server.middlewares.use(serveEmoji);
        server.middlewares.use(serveAppIcons);
      },
    },
    (() => {
      // The resolved outDir, so `vite build --outDir /tmp/x` compresses what it wrote there.
      let outDir = '';
      let written = false;
      return {
        name: 'precompress',
        apply: 'build' as const,
        configResolved(config: { root: string; build: { outDir: string } }) {
          outDir = path.resolve(config.root, config.build.outDir);
        },
        // A failed build still closes, without its error: only a written one goes on, so the
        // build's own error is the one shown, not a missing index.html.
        buildStart() {
          written = false;
        },
        writeBundle() {
          written = true;
        },
        async closeBundle() {
          if (!written) return;
          const missing: string[] = await copyEmoji(outDir);
          if (missing.length > 0)
            console.warn(`no Twemoji image for ${missing.join(' ')}: they show as text`);
          await writeAppIcons(outDir);
          await prerender(outDir, [fsContract()]);
          await precompress(outDir);
        },
      };
    })(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Spec section 9: lazy chunks load from a root-relative static/js path.
    assetsDir: 'static',
    rollupOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/auth': apiTarget, '/uploads': apiTarget },
  },
});
