import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { createWorkspaceAs } from '../testing/workspace-fixture.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

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

/** A longpoll that the browser abandons once the first heartbeat arrives. */
async function abandonLongpoll(browser: BrowserSession) {
  const abort = new AbortController();
  const res = await browser.request(
    '/db/logs/_changes?feed=longpoll&since=now&heartbeat=200&timeout=20000',
    { signal: abort.signal },
  );
  expect(res.status).toBe(200);
  await res.body!.getReader().read();
  abort.abort();
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

    await abandonLongpoll(keel.browser);
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
    await abandonLongpoll(keel.browser);
    // Answered at once (the workspace has documents), and still not slow: it may wait.
    const done = await keel.browser.request('/db/logs/_changes?feed=longpoll&since=0');
    expect(done.status).toBe(200);
    await done.text();
    await settle();
    expect(lines).toEqual([]);
  });

  it('writes one line for a request that failed', async () => {
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
