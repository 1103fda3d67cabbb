import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything a build of the web app is made from: its own folder, the domain package it bundles,
 * the patches applied to its dependencies, and the lockfile that fixes their versions.
 */
const SOURCES = [
  'apps/web',
  'packages/domain',
  'patches',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIPPED = new Set(['node_modules', 'dist', '.vite']);

// Kept beside npm's other caches, out of dist (which the server would serve) and out of git.
export const STAMP = 'node_modules/.cache/keel/web-build.json';

function addTree(hash: ReturnType<typeof createHash>, root: string, relative: string) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
    return;
  }
  for (const entry of fs.readdirSync(full).sort())
    if (!SKIPPED.has(entry)) addTree(hash, root, path.posix.join(relative, entry));
}

/** A fingerprint of the files and folders `sources` under `root` (the repository). */
export function sourceHash(root: string, sources: readonly string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) addTree(hash, root, source);
  return hash.digest('hex');
}

/** A fingerprint of the web app's sources under `root` (the repository). */
export function webSourceHash(root: string): string {
  return sourceHash(root, SOURCES);
}

/**
 * Builds the web app unless `apps/web/dist` was built from exactly the sources there are now,
 * so `npm start` after `npm start` starts at once. Returns whether it built.
 */
export async function buildWebIfChanged(
  root: string,
  build: () => Promise<void>,
): Promise<boolean> {
  const stamp = path.join(root, STAMP);
  const hash = webSourceHash(root);
  const built = fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
  const last = fs.existsSync(stamp)
    ? (JSON.parse(fs.readFileSync(stamp, 'utf8')) as { hash?: string }).hash
    : undefined;
  if (built && last === hash) return false;
  // A build that fails half-way must not leave the old stamp to vouch for it.
  fs.rmSync(stamp, { force: true });
  await build();
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
  return true;
}
