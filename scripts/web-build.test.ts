import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebIfChanged } from './web-build.ts';

/** `npm start` builds the web app only when its sources changed since the build in dist. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A repository with the web app's sources, and a build that writes dist and counts itself. */
function repository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-web-build-'));
  dirs.push(root);
  write(root, 'apps/web/src/main.tsx', 'render(<App />);');
  write(root, 'apps/web/index.html', '<!doctype html>');
  write(root, 'packages/domain/src/limits.ts', 'export const LIMITS = {};');
  write(root, 'package-lock.json', '{}');
  let builds = 0;
  const build = async () => {
    builds++;
    write(root, 'apps/web/dist/index.html', `<!doctype html><!-- build ${builds} -->`);
  };
  return { root, build, builds: () => builds };
}

describe('building the web app for npm start', () => {
  it('builds once, then not again while nothing changed', async () => {
    const repo = repository();
    expect(await buildWebIfChanged(repo.root, repo.build)).toBe(true);
    expect(await buildWebIfChanged(repo.root, repo.build)).toBe(false);
    expect(await buildWebIfChanged(repo.root, repo.build)).toBe(false);
    expect(repo.builds()).toBe(1);
  });

  it.each([
    ['a source of the web app', 'apps/web/src/main.tsx'],
    ['the domain package it bundles', 'packages/domain/src/limits.ts'],
    ['the locked dependency versions', 'package-lock.json'],
    ['a patch to a dependency', 'patches/pouchdb-adapter-indexeddb+9.0.0.patch'],
  ])('builds again after a change to %s', async (_what, file) => {
    const repo = repository();
    await buildWebIfChanged(repo.root, repo.build);
    write(repo.root, file, 'changed');
    expect(await buildWebIfChanged(repo.root, repo.build)).toBe(true);
    expect(repo.builds()).toBe(2);
  });

  it('builds again when the build is gone, and after a build that failed', async () => {
    const repo = repository();
    await buildWebIfChanged(repo.root, repo.build);
    fs.rmSync(path.join(repo.root, 'apps/web/dist'), { recursive: true });
    expect(await buildWebIfChanged(repo.root, repo.build)).toBe(true);

    write(repo.root, 'apps/web/src/main.tsx', 'render(<Broken');
    const failing = () => Promise.reject(new Error('vite failed'));
    await expect(buildWebIfChanged(repo.root, failing)).rejects.toThrow('vite failed');
    write(repo.root, 'apps/web/src/main.tsx', 'render(<App />);');
    // The sources are back to those of the last good build, but dist may be half-written.
    expect(await buildWebIfChanged(repo.root, repo.build)).toBe(true);
  });

  it('is what npm start runs before the server', () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/^tsx scripts\/build-web\.ts && /);
    expect(pkg.scripts.start).not.toContain('npm run build');
  });
});
