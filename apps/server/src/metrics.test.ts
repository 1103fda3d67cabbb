import http from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { metrics } from './metrics.ts';
import { BrowserSession, newAccount, signUp } from './testing/browser-session.ts';
import {
  externalDatabase,
  freePort,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';
import { createWorkspaceAs, issueDoc } from './testing/workspace-fixture.ts';

/**
 * `/metrics` in Prometheus' text format, on METRICS_PORT only. The registry is the process's, so
 * with several test servers in one process the numbers are compared before and after.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
});

/** One sample's value from Prometheus' text format; 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('is served on METRICS_PORT, not on the public port', async () => {
    const metricsPort = await freePort();
    const server = await startTestServer({ env: { METRICS_PORT: String(metricsPort) } });
    servers.push(server);
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('metrics'));
    await createWorkspaceAs(browser, 'metrics');
    const before = await scrape();

    // Request durations by route pattern, the replication proxy's by endpoint.
    expect((await fetch(`${server.url}/api/me`)).status).toBe(401);
    await (await browser.request('/db/metrics/_changes?since=0')).text();
    const after = await scrape();
    const count = (route: string, status: number, method = 'GET') =>
      `keel_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;
    for (const series of [count('/api/me', 401), count('/db/:ws/_changes', 200)])
      expect(sample(after, series) - sample(before, series)).toBe(1);
    expect(after).toContain('keel_http_request_duration_seconds_bucket{le="0.005"');

    // A device following the workspace live is a live client while its longpoll is open.
    const longpoll = await new Promise<http.ClientRequest>((resolve, reject) => {
      const req = http.get(
        `${server.url}/db/metrics/_changes?feed=longpoll&since=now&heartbeat=10000`,
        { headers: { cookie: browser.cookieHeader() }, agent: false },
        () => resolve(req),
      );
      req.on('error', reject);
    });
    const following = await scrape();
    expect(sample(following, 'keel_live_clients') - sample(before, 'keel_live_clients')).toBe(1);
    longpoll.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sample(await scrape(), 'keel_live_clients')).toBe(sample(before, 'keel_live_clients'));

    // The process's own numbers are there from the start.
    for (const name of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds'])
      expect(after).toMatch(new RegExp(`^${name} `, 'm'));

    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it('counts upstream feeds, and how long changes take from the feed to live clients', async () => {
    const metricsPort = await freePort();
    const server = await startTestServer({ env: { METRICS_PORT: String(metricsPort) } });
    servers.push(server);
    const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('feeds'));
    const ws = await createWorkspaceAs(browser, 'feeds');
    const feeds = (text: string, database: string) =>
      sample(text, `keel_upstream_feeds{database="${database}"}`);
    // The app database's feed, behind the access cache, once it follows.
    await vi.waitFor(async () => expect(feeds(await scrape(), 'app')).toBeGreaterThanOrEqual(1), {
      timeout: 15_000,
    });
    const before = await scrape();

    // A device following the workspace live (PouchDB's request: from where it stands) opens
    // the instance's feed of it, and a change reaches it through that feed.
    const since = (
      (await (await browser.request('/db/feeds/_changes?since=0')).json()) as { last_seq: string }
    ).last_seq;
    const waiting = browser.request(
      `/db/feeds/_changes?style=all_docs&feed=longpoll&since=${encodeURIComponent(since)}`,
    );
    await vi.waitFor(async () =>
      expect(feeds(await scrape(), 'workspace') - feeds(before, 'workspace')).toBe(1),
    );
    // Caught up, and waiting on the feed for the next change. (A client waits up to 5 s for a
    // new feed to be ready, which on a quiet database is when its first heartbeat arrives.)
    const { dbName } = (await server.store.workspaceBySlug('feeds'))!;
    await vi.waitFor(() => expect(server.feeds.peek(dbName)?.clients).toBe(1), {
      timeout: 10_000,
    });
    const saved = await browser.request('/db/feeds/_bulk_docs', {
      method: 'POST',
      json: { docs: [issueDoc(ws)] },
    });
    expect(saved.status).toBe(201);
    const answer = (await (await waiting).json()) as { results: unknown[] };
    expect(answer.results).toHaveLength(1);
    const after = await scrape();
    const lag = 'keel_replication_lag_seconds';
    expect(sample(after, `${lag}_count`) - sample(before, `${lag}_count`)).toBe(1);
    expect(sample(after, `${lag}_sum`)).toBeGreaterThan(sample(before, `${lag}_sum`));

    // Closing the instance closes its feeds.
    await server.close();
    const closed = await metrics.metrics();
    expect(feeds(closed, 'workspace')).toBe(feeds(before, 'workspace'));
    expect(feeds(closed, 'app')).toBe(feeds(before, 'app') - 1);
  });

  // It stops the database: NEEDS_EMBEDDED_DB.
  it.skipIf(externalDatabase)('counts database errors', async () => {
    const metricsPort = await freePort();
    const server = await startTestServer({ env: { METRICS_PORT: String(metricsPort) } });
    servers.push(server);
    const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('dberrors'));
    const series = 'keel_database_errors_total{reason="unreachable"}';
    const before = sample(await scrape(), series);
    await server.embeddedDb!.stop();
    expect((await browser.request('/api/me')).status).toBe(503);
    expect(sample(await scrape(), series)).toBeGreaterThan(before);
  });

  it('is not served without METRICS_PORT', async () => {
    const server = await startTestServer();
    servers.push(server);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});
