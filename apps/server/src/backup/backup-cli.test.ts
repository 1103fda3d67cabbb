import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { databaseEnv, startTestServer } from '../testing/test-server.ts';
import { createWorkspaceAs, issueDoc } from '../testing/workspace-fixture.ts';
import { runCli, type CliRun } from '../testing/run-cli.ts';

/**
 * `npm run backup` and `npm run restore` as operators run them: a real process through tsx, on
 * the data directory of a Keel that has been stopped.
 */
const CLI = path.join(import.meta.dirname, 'backup-cli.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-backup-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cli(dataDir: string, args: string[]): Promise<CliRun> {
  return runCli(CLI, args, { ...process.env, ...databaseEnv(dataDir), KEEL_DATA_DIR: dataDir });
}

describe('npm run backup / npm run restore', () => {
  it('backs a workspace up to a file and restores it into a new database', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'cli.txt');
    let server = await startTestServer({ dataDir });
    const owner = new BrowserSession(server.url);
    await signUp(owner, newAccount('owner'));
    const ws = await createWorkspaceAs(owner, 'cli');
    const issue = issueDoc(ws, { title: 'Kept by the backup' });
    const saved = await owner.request('/db/cli/_bulk_docs', {
      method: 'POST',
      json: { docs: [issue] },
    });
    expect(saved.status).toBe(201);
    await server.close();

    const backup = await cli(dataDir, ['backup', '--workspace', 'cli', '--output', file]);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/Backed up \d+ documents of keel_ws_\w+ to /);
    expect(backup.code).toBe(0);
    const again = await cli(dataDir, ['backup', '--workspace', 'cli', '--output', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists; name a new file');

    const restore = await cli(dataDir, ['restore', '--input', file, '--database', 'cli_copy']);
    expect(restore.stdout).toMatch(/Restored \d+ documents into cli_copy\./);
    expect(restore.code).toBe(0);

    server = await startTestServer({ dataDir });
    try {
      expect(await server.couch.getDoc('cli_copy', issue._id)).toMatchObject({
        title: 'Kept by the backup',
      });
    } finally {
      await server.close();
    }
  }, 120_000);

  it('says how to use it, and which workspace it cannot find', async () => {
    const dataDir = path.join(dir, 'empty');
    const usage = await cli(dataDir, ['backup', '--workspace', 'cli']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('--output FILE is needed');
    expect(usage.stderr).toContain('npm run restore -- --input FILE --workspace KEY');
    const missing = await cli(dataDir, [
      'backup',
      '--workspace',
      'nowhere',
      '--output',
      path.join(dir, 'nowhere.txt'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no workspace "nowhere".');
    expect(fs.existsSync(path.join(dir, 'nowhere.txt'))).toBe(false);
  }, 60_000);
});
