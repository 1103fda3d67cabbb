import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo-root.ts';
import { BrowserSession, newAccount, signUp } from './testing/browser-session.ts';
import { freePort } from './testing/test-server.ts';
import { createWorkspaceAs } from './testing/workspace-fixture.ts';

/**
 * The server as production runs it: built to JavaScript (`npm run build`) and started by plain
 * Node in a process of its own, as `npm start` and the Dockerfile do, then stopped by a signal.
 */
interface Running {
  proc: ChildProcess;
  url: string;
  /** Log lines (pino's JSON) and anything else the process printed. */
  output: string[];
  exited: Promise<{ code: number | null; signal: string | null }>;
}

const running: Running[] = [];
const dataDirs: string[] = [];

beforeAll(() => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
}, 60_000);

afterAll(() => {
  for (const { proc } of running) if (proc.exitCode === null) proc.kill('SIGKILL');
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm start`'s last step (the server package's `start` script), with a fresh data folder. */
async function startBuilt(): Promise<Running> {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.split(' ');
  expect(command).toBe('node');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-process-'));
  dataDirs.push(dataDir);
  // Nothing of the test runner's own loader reaches the child.
  const env = { ...process.env, NODE_OPTIONS: '' };
  const proc = spawn(process.execPath, args, {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...env, PORT: String(port), KEEL_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        output.push(line);
        if (line.includes(`Keel is running at ${url}`)) resolve();
      }
    };
    proc.stdout!.on('data', onLine);
    proc.stderr!.on('data', onLine);
    void exited.then(({ code }) => reject(new Error(`exited (${code}): ${output.join('\n')}`)));
  });
  const server = { proc, url, output, exited };
  running.push(server);
  return server;
}

/** The command lines of a process and all its descendants (Linux's /proc). */
function processTree(pid: number): string[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  const lines: string[] = [];
  const visit = (id: number) => {
    lines.push(fs.readFileSync(`/proc/${id}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return lines;
}

describe('the built server', () => {
  it('runs as JavaScript on plain Node, the embedded database and provider included', async () => {
    const keel = await startBuilt();
    expect((await fetch(`${keel.url}/readyz`)).status).toBe(200);
    // The embedded provider's pages (styled from the web app's tokens) and the database child.
    const browser = new BrowserSession(keel.url);
    await signUp(browser, newAccount('built'));
    await createWorkspaceAs(browser, 'built');
    expect((await browser.request('/db/built/')).status).toBe(200);

    const tree = processTree(keel.proc.pid!);
    expect(tree).toHaveLength(2);
    expect(tree[0]).toMatch(/dist\/server\.js$/);
    expect(tree[1]).toMatch(/dist\/embedded-db-child\.js /);
    for (const command of tree) {
      expect(command).not.toMatch(/tsx|\.ts\b/);
      expect(command).not.toContain('--import');
    }
  });
});
