/**
 * Builds the server to plain JavaScript (apps/server/dist): `npm start`'s second step, which
 * builds nothing when the sources are unchanged since the last build; `--force` always builds
 * (`npm run build`, the Dockerfile).
 */
import path from 'node:path';
import { buildServer, buildServerIfChanged } from './server-build.ts';

const root = path.resolve(import.meta.dirname, '..');

try {
  const start = Date.now();
  if (process.argv.includes('--force')) await buildServer(root);
  else if (!(await buildServerIfChanged(root))) {
    console.log('Server unchanged since its last build; not rebuilding.');
    process.exit(0);
  }
  console.log(`Server built in ${Date.now() - start} ms.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
