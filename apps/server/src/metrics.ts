import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Keel's metrics, in Prometheus' format (prom-client). One registry per process: any module
 * imports the metric it measures and sets it. Served at `/metrics` on a port of its own
 * (METRICS_PORT), never on the public one: the numbers say how busy an instance is and which
 * routes it serves, which is for the operator's scraper only.
 */
export const metrics = new Registry();

// The process's own: CPU, memory, event-loop delay, garbage collection, open handles.
collectDefaultMetrics({ register: metrics });

export const requestDuration = new Histogram({
  name: 'keel_http_request_duration_seconds',
  help: 'How long requests took, by method, route and status (longpolls under their own route)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metrics],
});

export const liveClients = new Gauge({
  name: 'keel_live_clients',
  help: 'Devices following a workspace live through this instance (longpolls open)',
  registers: [metrics],
});

export const upstreamFeeds = new Gauge({
  name: 'keel_upstream_feeds',
  help: 'Changes feeds this instance holds open to the database for its live clients',
  registers: [metrics],
});

export const replicationLag = new Gauge({
  name: 'keel_replication_lag_seconds',
  help: 'How far behind the database the changes this instance passes to live clients are',
  registers: [metrics],
});

export const databaseErrors = new Counter({
  name: 'keel_database_errors_total',
  help: 'Database calls that failed: "unreachable", or the status the database answered',
  labelNames: ['reason'] as const,
  registers: [metrics],
});

/** Serve `/metrics` on `port` (an address of its own, for the operator's scraper). */
export async function serveMetrics(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
