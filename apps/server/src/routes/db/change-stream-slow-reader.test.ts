import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserSession } from '../../testing/browser-session.ts';
import { openStream, type Batch } from '../../testing/change-stream-client.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * A device on the change stream that stops reading (a laptop asleep with its socket open, a
 * tab frozen in the background) must neither hold the others up nor grow the instance's
 * memory without end: past its unread limit it is cut off, and asks again from what it wrote.
 * Through the real server and embedded database; the limit is lowered so a few megabytes of
 * writes pass it, and the rate limit's clock is moved so they may all be written.
 */
const UNREAD_LIMIT = 256 * 1024;
let clock = Date.now();
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let workspaceId: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('slow-reader', {
    now: () => clock,
    streamUnreadLimit: UNREAD_LIMIT,
  }));
  workspaceId = (await server.store.workspaceBySlug(ws.slug))!._id.slice('workspace:'.length);
});
afterAll(async () => {
  await server?.close();
});

/** A device that sends its request and then reads nothing at all. */
function stalledDevice(since: string) {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  socket.pause();
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  socket.write(
    `GET /api/workspaces/${ws.slug}/changes?since=${encodeURIComponent(since)} HTTP/1.1\r\n` +
      `Host: ${hostname}:${port}\r\nCookie: ${owner.cookieHeader()}\r\n\r\n`,
  );
  return {
    /** Read what is there, and whether the instance closed the connection meanwhile. */
    drain: async (within: number) => {
      socket.resume();
      const until = Date.now() + within;
      while (!closed && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
      return closed;
    },
  };
}

async function writeIssues(count: number) {
  const docs = Array.from({ length: count }, (_, i) =>
    issueDoc(ws, { title: `Bulky ${i}`, description: 'x'.repeat(4_900) }),
  );
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs },
  });
  expect(res.status).toBe(201);
  return docs.map((d) => d._id);
}

it('cuts off a device that stopped reading, and the one reading gets every change', async () => {
  const res = await owner.request(`/db/${ws.slug}/_changes?since=0`);
  const since = String(((await res.json()) as Batch).last_seq);
  const reading = await openStream(owner, ws.slug, since);
  const stalled = stalledDevice(since);
  await expect.poll(() => server.live.count(ws.userId, workspaceId)).toBe(2);

  const written: string[] = [];
  // Up to ~8 MB: more than the unread limit plus what the kernel's socket buffers take.
  for (let batch = 0; batch < 80 && server.live.count(ws.userId, workspaceId) === 2; batch++) {
    written.push(...(await writeIssues(20)));
    if (batch % 20 === 19) clock += 61_000; // a new minute for the write limit
  }
  await expect.poll(() => server.live.count(ws.userId, workspaceId), { timeout: 10_000 }).toBe(1);
  expect(await stalled.drain(5_000)).toBe(true);

  // The device still reading was not held up: it has every change and is still open.
  for (const id of written) await reading.change(id, undefined, 15_000);
  expect(server.live.count(ws.userId, workspaceId)).toBe(1);
  reading.close();
});
