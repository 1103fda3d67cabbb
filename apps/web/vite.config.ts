import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://127.0.0.1:8080';

// The dev server forwards everything that is not the app itself to the Keel server, so the
// browser sees one origin exactly as in production (the session cookie is same-origin only).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The service worker reads this list to make every built file available offline.
    manifest: 'asset-manifest.json',
    // Every browser Keel supports has modulepreload; the polyfill is dead weight.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      '/db': server,
      '/idp': server,
    },
  },
});
