import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouchClient, isStaleConnection } from './couch-client.ts';
import { startEmbeddedDb, type EmbeddedDb } from './embedded-db.ts';

const quietLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

describe('the database client', () => {
  it('sends again only what the database cannot have received', () => {
    const failed = (code: string) =>
      Object.assign(new TypeError('fetch failed'), { cause: { code } });
    expect(isStaleConnection(failed('EPIPE'), 'POST')).toBe(true);
    expect(isStaleConnection(failed('ECONNRESET'), 'GET')).toBe(true);
    expect(isStaleConnection(failed('ECONNRESET'), 'POST')).toBe(false);
    expect(isStaleConnection(failed('ECONNREFUSED'), 'GET')).toBe(false);
    expect(isStaleConnection(new Error('other'), 'GET')).toBe(false);
  });
});

describe('the database client against the embedded database', () => {
  let dir: string;
  let db: EmbeddedDb;
  /** A relay in front of the database that counts the connections made through it. */
  let relay: net.Server;
  let opened = 0;
  let open = 0;
  let most = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-couch-client-'));
    db = await startEmbeddedDb(dir, quietLog);
    const target = new URL(db.url);
    relay = net.createServer((client) => {
      opened++;
      most = Math.max(most, ++open);
      const upstream = net.connect(Number(target.port), target.hostname);
      client.pipe(upstream).pipe(client);
      const gone = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', gone).on('error', gone);
      upstream.on('close', gone).on('error', gone);
      client.once('close', () => open--);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    relay.close();
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const client = (connections: number) => {
    const { port } = relay.address() as net.AddressInfo;
    return new CouchClient({ ...db, url: `http://127.0.0.1:${port}`, connections });
  };

  it('holds short requests to its connections, however many come at once', async () => {
    const couch = client(3);
    opened = 0;
    most = 0;
    await couch.json('PUT', '/bounded');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        couch.json<{ ok: boolean }>('PUT', `/bounded/doc-${i}`, { body: { i } }),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(3);
    await couch.close();
  });

  it('gives each lasting request a connection of its own, so feeds never hold up the rest', async () => {
    const couch = client(1);
    await couch.json('PUT', '/lasting');
    most = 0;
    const stop = new AbortController();
    const feeds = await Promise.all(
      [1, 2, 3].map(() =>
        couch.request('GET', '/lasting/_changes', {
          query: { feed: 'continuous', since: 'now', heartbeat: 1000 },
          signal: stop.signal,
          lasting: true,
        }),
      ),
    );
    expect(feeds.map((f) => f.status)).toEqual([200, 200, 200]);
    // Three feeds are open, each on a connection of its own, and short requests still pass.
    const written = await couch.json<{ ok: boolean }>('PUT', '/lasting/after-feeds', { body: {} });
    expect(written.ok).toBe(true);
    expect(most).toBeGreaterThanOrEqual(4);
    stop.abort();
    for (const feed of feeds) await feed.body?.cancel().catch(() => undefined);
    await couch.close();
  });
});
