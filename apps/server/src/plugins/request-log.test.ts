import http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { createWorkspaceAs } from '../testing/workspace-fixture.ts';
import { addMember } from '../workspaces/add-member.ts';
import { externalDatabase, startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * At the default level (info) a request writes one log line at most, and only when it failed or
 * was slow; a browser giving up a longpoll (a closed tab, a device going offline) writes none.
 */
interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function start(slowRequestMs?: number) {
  const lines: Line[] = [];
  const server = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) },
    slowRequestMs,
  });
  servers.push(server);
  const browser = new BrowserSession(server.url);
  await signUp(browser, newAccount('logs'));
  await createWorkspaceAs(browser, 'logs');
  lines.length = 0;
  return { server, browser, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * A longpoll that the browser abandons once the first heartbeat arrives, closing its connection
 * as a closed tab does. (fetch's abort leaves a connection open behind it, which holds up the
 * server's close.)
 */
async function abandonLongpoll(server: TestServer, browser: BrowserSession) {
  const url = `${server.url}/db/logs/_changes?feed=longpoll&since=now&heartbeat=200&timeout=20000`;
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const req = http.get(
      url,
      { headers: { cookie: browser.cookieHeader() }, agent: false },
      (res) =>
        res.once('data', () => {
          req.destroy();
          resolve(res.statusCode);
        }),
    );
    req.on('error', reject);
  });
  expect(status).toBe(200);
}

describe('request log', () => {
  let lines: Line[] = [];
  afterEach(() => {
    lines = [];
  });

  it('writes nothing for requests that went through quickly, refusals included', async () => {
    const keel = await start();
    lines = keel.lines;
    expect((await keel.browser.request('/api/me')).status).toBe(200);
    expect((await fetch(`${keel.server.url}/api/me`)).status).toBe(401);
    expect((await keel.browser.request('/api/no-such-thing')).status).toBe(404);
    expect((await keel.browser.request('/db/logs/')).status).toBe(200);
    await settle();
    expect(lines).toEqual([]);

    await abandonLongpoll(keel.server, keel.browser);
    await settle();
    expect(lines).toEqual([]);
  });

  it('writes nothing when the browser gives up before the database has answered', async () => {
    const keel = await start();
    lines = keel.lines;
    // Enough documents that the database takes a few hundred milliseconds to start its answer.
    const ws = (await keel.server.store.workspaceBySlug('logs'))!;
    const filler = 'x'.repeat(2000);
    for (let batch = 0; batch < 5; batch++)
      await keel.server.couch.bulkDocs(
        ws.dbName,
        Array.from({ length: 1000 }, (_, i) => ({ _id: `filler-${batch}-${i}`, filler })),
      );
    const url = `${keel.server.url}/db/logs/_changes?include_docs=true`;
    const req = http.get(url, { headers: { cookie: keel.browser.cookieHeader() }, agent: false });
    req.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lines).toEqual([]);
  });

  it('writes nothing when removal from the workspace cuts a longpoll', async () => {
    const keel = await start();
    lines = keel.lines;
    const member = new BrowserSession(keel.server.url);
    await signUp(member, newAccount('member'));
    const memberId = ((await (await member.request('/api/me')).json()) as { user: { id: string } })
      .user.id;
    const workspace = (await keel.server.store.workspaceBySlug('logs'))!;
    await addMember(
      keel.server.store,
      workspace,
      (await keel.server.store.getUser(memberId))!,
      'member',
    );
    lines.length = 0;

    const res = await member.request('/db/logs/_changes?feed=longpoll&since=now&heartbeat=200');
    expect(res.status).toBe(200);
    const longpoll = res.text().then(
      () => 'answered',
      () => 'cut',
    );
    const removed = await keel.browser.request(`/api/workspaces/logs/members/${memberId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect(await longpoll).toBe('cut');
    await settle();
    expect(lines).toEqual([]);
  });

  it('writes one line for a slow request, naming it, and none for a longpoll', async () => {
    const keel = await start(0);
    lines = keel.lines;
    expect((await keel.browser.request('/api/me')).status).toBe(200);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'slow request',
      req: { method: 'GET', url: '/api/me' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');

    lines.length = 0;
    await abandonLongpoll(keel.server, keel.browser);
    // Answered at once (the workspace has documents), and still not slow: it may wait.
    const done = await keel.browser.request('/db/logs/_changes?feed=longpoll&since=0');
    expect(done.status).toBe(200);
    await done.text();
    await settle();
    expect(lines).toEqual([]);
  });

  // Skipped against COUCHDB_URL (NEEDS_EMBEDDED_DB): it stops the embedded database.
  it.skipIf(externalDatabase)('writes one line for a request that failed', async () => {
    const keel = await start();
    lines = keel.lines;
    await keel.server.embeddedDb!.stop();
    const res = await keel.browser.request('/api/workspaces', {
      method: 'POST',
      json: { name: 'Down', slug: 'down' },
    });
    expect(res.status).toBe(503);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBeGreaterThanOrEqual(40);
  });
});
