import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, buildServerIfChanged } from './server-build.ts';

/** `npm start` builds the server only when its sources changed since the build in dist. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

function repository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-server-build-'));
  dirs.push(root);
  write(root, 'apps/server/src/server.ts', 'await listen();');
  write(root, 'packages/domain/src/limits.ts', 'export const LIMITS = {};');
  write(root, 'package-lock.json', '{}');
  let builds = 0;
  const build = async () => {
    builds++;
    write(root, SERVER_ENTRY, `// build ${builds}`);
  };
  return { root, build, builds: () => builds };
}

describe('building the server for npm start', () => {
  it('builds once, then not again while nothing changed', async () => {
    const repo = repository();
    expect(await buildServerIfChanged(repo.root, repo.build)).toBe(true);
    expect(await buildServerIfChanged(repo.root, repo.build)).toBe(false);
    expect(repo.builds()).toBe(1);
  });

  it.each([
    ['a source of the server', 'apps/server/src/server.ts'],
    ['the domain package it bundles', 'packages/domain/src/limits.ts'],
    ['the locked dependency versions', 'package-lock.json'],
  ])('builds again after a change to %s, and when the build is gone', async (_what, file) => {
    const repo = repository();
    await buildServerIfChanged(repo.root, repo.build);
    write(repo.root, file, 'changed');
    expect(await buildServerIfChanged(repo.root, repo.build)).toBe(true);
    fs.rmSync(path.join(repo.root, SERVER_ENTRY));
    expect(await buildServerIfChanged(repo.root, repo.build)).toBe(true);
    expect(repo.builds()).toBe(3);
  });

  it('is what npm start runs, before starting the built server with plain Node', () => {
    const read = (file: string) =>
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8')) as {
        scripts: Record<string, string>;
      };
    expect(read('package.json').scripts.start).toBe(
      'tsx scripts/build-web.ts && tsx scripts/build-server.ts && npm run start -w @keel/server',
    );
    expect(read('apps/server/package.json').scripts.start).toBe(
      'node --enable-source-maps dist/server.js',
    );
  });
});
