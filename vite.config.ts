import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types, shared with nothing else
import { precompress } from './scripts/precompress.mjs';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/client',
  // `@shared/...` as tsconfig.json's paths declare it (tsx reads those for the server).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    (() => {
      // The resolved outDir, so `vite build --outDir /tmp/x` compresses what it wrote there.
      let outDir = '';
      return {
        name: 'precompress',
        apply: 'build' as const,
        configResolved(config: { root: string; build: { outDir: string } }) {
          outDir = path.resolve(config.root, config.build.outDir);
        },
        async closeBundle() {
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
