import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types, shared with nothing else
import { precompress } from './scripts/precompress.mjs';

const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/client',
  // `@shared/...` as tsconfig.json's paths declare it (tsx reads those for the server).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    {
      name: 'precompress',
      apply: 'build',
      async closeBundle() {
        await precompress(outDir);
      },
    },
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
