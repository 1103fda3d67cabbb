import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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
  dataDir: string;
  port: number;
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

/**
 * `npm start`'s last step (the server package's `start` script), with a fresh data folder unless
 * given one. `group`: in a process group of its own, as a terminal runs a command.
 */
async function startBuilt(
  opts: { dataDir?: string; port?: number; group?: boolean } = {},
): Promise<Running> {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.split(' ');
  expect(command).toBe('node');
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'keel-process-'));
  dataDirs.push(dataDir);
  // Nothing of the test runner's own loader reaches the child.
  const env = { ...process.env, NODE_OPTIONS: '' };
  const proc = spawn(process.execPath, args, {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...env, PORT: String(port), KEEL_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.group ?? false,
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
  const server = { proc, url, output, exited, dataDir, port };
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

/**
 * A longpoll as PouchDB's live replication opens it (`heartbeat`), or as a device filling its
 * replica does (`timeout`, no heartbeat): resolves with its status and whole body, and says when
 * its headers arrived.
 */
function longpoll(browser: BrowserSession, url: string) {
  let headers!: () => void;
  const answered = new Promise<void>((resolve) => (headers = resolve));
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(
      new URL(url, browser.baseUrl),
      { headers: { cookie: browser.cookieHeader() }, agent: false },
      (res) => {
        headers();
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  // A test that fails leaves its longpolls to be cut when the server is killed.
  done.catch(() => undefined);
  return { answered, done };
}

describe('stopping the built server', () => {
  it('SIGTERM answers open longpolls with no news and exits at once, logging no error', async () => {
    const keel = await startBuilt();
    const browser = new BrowserSession(keel.url);
    await signUp(browser, newAccount('stop'));
    await createWorkspaceAs(browser, 'stop');
    const feed = (await (await browser.request('/db/stop/_changes')).json()) as {
      last_seq: string | number;
    };
    const since = encodeURIComponent(String(feed.last_seq));
    const live = longpoll(
      browser,
      `/db/stop/_changes?feed=longpoll&since=${since}&heartbeat=10000&style=all_docs`,
    );
    const filling = longpoll(
      browser,
      `/db/stop/_changes?feed=longpoll&since=${since}&timeout=25000&include_docs=true`,
    );
    await live.answered;
    // Both are waiting for news at the server by now.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    keel.proc.kill('SIGTERM');
    for (const request of [live, filling]) {
      const { status, body } = await request.done.catch((err: unknown) => {
        throw new Error(`${String(err)}\n${keel.output.join('\n')}`);
      });
      expect(status).toBe(200);
      // A complete answer, as if the database had no news: the client simply asks again.
      // (`pending`, which CouchDB adds to a longpoll's answer, may come too.)
      const { results, last_seq } = JSON.parse(body) as { results: unknown; last_seq: unknown };
      expect({ results, last_seq }).toEqual({ results: [], last_seq: feed.last_seq });
    }
    expect(await keel.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(3000);
    const levels = keel.output.flatMap((line) =>
      line.startsWith('{') ? [(JSON.parse(line) as { level: number }).level] : [],
    );
    expect(levels.filter((level) => level >= 50)).toEqual([]);
    expect(keel.output.join('\n')).not.toContain('shutdown deadline');
  });

  it('Ctrl-C in a terminal saves what the instance holds before its database stops', async () => {
    // A terminal sends SIGINT to the whole foreground process group, the database child
    // included; the server must still be able to write its checkpoints (decision 015).
    const keel = await startBuilt({ group: true });
    const browser = new BrowserSession(keel.url);
    await signUp(browser, newAccount('ctrl-c'));
    await createWorkspaceAs(browser, 'ctrl-c');
    const checkpoint = {
      session_id: 's',
      history: [{ last_seq: 7, session_id: 's' }],
      replicator: 'pouchdb',
      version: 1,
      last_seq: 7,
    };
    const put = await browser.request('/db/ctrl-c/_local/held', {
      method: 'PUT',
      json: checkpoint,
    });
    expect(put.status).toBe(201);

    process.kill(-keel.proc.pid!, 'SIGINT');
    expect(await keel.exited).toEqual({ code: 0, signal: null });
    // Nothing failed, and no checkpoint was left unsaved ('web app not built' may be logged
    // when the suite runs before the web build).
    const logged = keel.output.flatMap((line) =>
      line.startsWith('{') ? [JSON.parse(line) as { level: number; msg?: string }] : [],
    );
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(logged.filter((entry) => /checkpoint/.test(entry.msg ?? ''))).toEqual([]);

    const again = await startBuilt({ dataDir: keel.dataDir, port: keel.port, group: true });
    const read = await browser.request('/db/ctrl-c/_local/held');
    expect(read.status).toBe(200);
    expect(((await read.json()) as { last_seq: number }).last_seq).toBe(7);
    process.kill(-again.proc.pid!, 'SIGINT');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  });
});
