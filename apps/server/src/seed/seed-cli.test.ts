import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@keel/domain';
import { BrowserSession, signIn } from '../testing/browser-session.ts';
import { databaseEnv, externalDatabase, startTestServer } from '../testing/test-server.ts';
import { runCli, type CliRun } from '../testing/run-cli.ts';

/**
 * The seed CLI as people run it (`npm run seed -- …`): a real process through tsx, on a real
 * embedded database in a data directory of its own. Every refusal must say what is wrong in one
 * readable line (no stack trace) and exit non-zero.
 */
const CLI = path.join(import.meta.dirname, 'seed-cli.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-seed-'));
  dirs.push(dir);
  return dir;
}

function withoutAddress(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.PORT;
  delete rest.PUBLIC_URL;
  return rest;
}

function seed(dir: string, args: string[]): Promise<CliRun> {
  // As people run it: no PORT or PUBLIC_URL unless they set one.
  return runCli(CLI, args, {
    ...withoutAddress(process.env),
    ...databaseEnv(dir),
    KEEL_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
  });
}

/** A refusal: non-zero exit, the message on stderr, and no stack trace. */
function expectRefused(run: CliRun, message: string) {
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`Seed failed: ${message}`);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout).not.toContain('Seeded workspace');
}

const SMALL = ['--issues', '0', '--comments', '0', '--members', '0'];

describe('seed CLI', () => {
  it.each([
    [['--isues', '10'], "Unknown option '--isues'"],
    [['--issues', 'lots'], '--issues takes a whole number from 0 to 100000 (got "lots").'],
    [['--issues', '100001'], '--issues takes a whole number from 0 to 100000 (got "100001").'],
    [['--members', 'many'], '--members takes a whole number from 0 to 999 (got "many").'],
    [['--comments', '2.5'], '--comments takes a whole number from 0 to 50 (got "2.5").'],
    [
      ['--workspace', 'Bad Slug!'],
      '--workspace: URL key may only use lowercase letters, digits and hyphens (got "Bad Slug!").',
    ],
    [['--workspace', 'settings'], '--workspace:'],
    [['extra'], 'Unexpected argument'],
  ])('refuses %j before touching the data directory', async (args, message) => {
    const dir = path.join(dataDir(), 'never-created');
    const run = await seed(dir, args);
    expectRefused(run, message);
    expect(run.stderr).toContain('Usage: npm run seed --');
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('makes a demo the demo account opens on whatever port Keel then runs', async () => {
    const dir = dataDir();
    const run = await seed(dir, [...SMALL, '--workspace', 'anyport']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The seed ran without PORT (so at the default address); Keel now serves another port.
    const server = await startTestServer({ dataDir: dir });
    try {
      expect(server.url).not.toBe('http://localhost:8080');
      const browser = new BrowserSession(server.url);
      const done = await signIn(browser, {
        email: 'demo@keel.test',
        password: 'keel-demo-password',
      });
      await done.res.body?.cancel();
      const me = await browser.request('/api/me');
      expect(me.status).toBe(200);
      const body = (await me.json()) as { workspaces: { slug: string }[] };
      expect(body.workspaces.map((w) => w.slug)).toEqual(['anyport']);
    } finally {
      await server.close();
    }
  });

  it('refuses a URL key that is already taken, naming it', async () => {
    const dir = dataDir();
    const first = await seed(dir, [...SMALL, '--workspace', 'taken']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Seeded workspace "taken"');

    const again = await seed(dir, [...SMALL, '--workspace', 'taken']);
    expectRefused(
      again,
      `${errorMessage('SLUG_TAKEN')} A workspace "taken" already exists here; pass --workspace with another URL key.`,
    );
  });

  // Skipped against COUCHDB_URL (NEEDS_EMBEDDED_DB): only the embedded database's files are
  // held open by one process.
  it.skipIf(externalDatabase)(
    'refuses a data directory a running Keel holds open, and that Keel keeps working',
    async () => {
      const server = await startTestServer({ dataDir: dataDir() });
      try {
        const run = await seed(server.dataDir, [...SMALL, '--workspace', 'busy']);
        expectRefused(
          run,
          'Cannot open the database (is Keel running with this data directory? stop it first)',
        );
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        expect(await server.store.workspaceBySlug('busy')).toBeNull();
      } finally {
        await server.close();
      }
    },
  );
});
