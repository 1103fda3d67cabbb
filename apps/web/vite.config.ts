import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * A fingerprint of the domain package's sources. Store snapshots on a device are trusted only by
 * a build with the same schemas (data/store-snapshot.ts).
 */
function domainFingerprint(): string {
  const dir = path.resolve(import.meta.dirname, '../../packages/domain/src');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(dir).sort())
    if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
      hash.update(file).update(fs.readFileSync(path.join(dir, file), 'utf8'));
  return hash.digest('hex').slice(0, 16);
}

const server = 'http://127.0.0.1:8080';

// The dev server forwards everything that is not the app itself to the Keel server, so the
// browser sees one origin exactly as in production (the session cookie is same-origin only).
export default defineConfig({
  plugins: [react()],
  define: { __KEEL_SCHEMA__: JSON.stringify(domainFingerprint()) },
  build: {
    outDir: 'dist',
    // The service worker reads this list to make every built file available offline.
    manifest: 'asset-manifest.json',
    // Every browser Keel supports has modulepreload; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first screen imports in one chunk. Left to itself, Rolldown split
        // modules the first screen shares with a lazy page into small common chunks whenever
        // an import moved (10 to 25 scripts, each with its own import boilerplate and worse
        // compression: +9 KB gzip); the first screen loads all of them anyway.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
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
