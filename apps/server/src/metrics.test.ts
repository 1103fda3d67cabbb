import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from './testing/browser-session.ts';
import { freePort, startTestServer, type TestServer } from './testing/test-server.ts';
import { createWorkspaceAs } from './testing/workspace-fixture.ts';

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

    // The process's own numbers, and the ones other parts set, are there from the start.
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'keel_upstream_feeds',
      'keel_replication_lag_seconds',
    ])
      expect(after).toMatch(new RegExp(`^${name} `, 'm'));

    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it('counts database errors', async () => {
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
