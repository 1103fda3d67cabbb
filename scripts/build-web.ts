/**
 * `npm start`'s first step: build the web app, or say it is unchanged and build nothing
 * (`npm run build` always builds).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfChanged } from './web-build.ts';

const root = path.resolve(import.meta.dirname, '..');

function npmBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@keel/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the web app failed (exit ${code})`)),
    );
  });
}

try {
  const built = await buildWebIfChanged(root, npmBuild);
  if (!built) console.log('Web app unchanged since its last build; not rebuilding.');
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
