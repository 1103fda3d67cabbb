/**
 * The load test's observer, in a process of its own so that the load generator's busy event
 * loop does not delay its readings: it times `GET /healthz` every 100 ms (Keel exposes no
 * event-loop figure, and a health check waits behind everything the server's loop is doing), and
 * every second reads the server's and its database's memory and CPU time and counts the
 * connections between them. One JSON line per reading on stdout, stamped when it was taken (t)
 * and, for a request, when it was asked (asked).
 *
 * When Keel serves `/metrics` (PROBE_METRICS_PORT), it is read every second too: the server's own
 * event-loop delay (prom-client's, over the second since the last scrape) and its live clients.
 *
 * Environment: PROBE_PORT (Keel's port), PROBE_SERVER_PID; PROBE_DB_PID / PROBE_DB_PORT when the
 * database is not the server's embedded child; PROBE_METRICS_PORT.
 */
import http from 'node:http';
import {
  childPids,
  commandLine,
  connectionsAt,
  connectionsTo,
  cpuSeconds,
  cpuWaitSeconds,
  listeningPorts,
  rssBytes,
  tcpEntries,
} from './proc.ts';
import { metricValue, parsePrometheus } from './prometheus.ts';

const port = Number(process.env.PROBE_PORT);
const serverPid = Number(process.env.PROBE_SERVER_PID);
const fixedDbPid = process.env.PROBE_DB_PID ? Number(process.env.PROBE_DB_PID) : null;
const fixedDbPort = process.env.PROBE_DB_PORT ? Number(process.env.PROBE_DB_PORT) : null;
const metricsPort = process.env.PROBE_METRICS_PORT ? Number(process.env.PROBE_METRICS_PORT) : null;
const agent = new http.Agent({ keepAlive: true });

const emit = (reading: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ t: Date.now(), ...reading })}\n`);

/** A health check not answered within this long counts as failed (a balancer's check would). */
const HEALTHZ_DEADLINE_MS = 5_000;

function healthz() {
  const started = performance.now();
  const asked = Date.now();
  let done = false;
  const finish = (reading: Record<string, unknown>) => {
    if (done) return;
    done = true;
    clearTimeout(deadline);
    emit({ k: 'h', asked, ms: performance.now() - started, ...reading });
  };
  const req = http.get(
    { host: '127.0.0.1', port, path: '/healthz', agent, headers: { host: `localhost:${port}` } },
    (res) => {
      res.resume();
      res.on('end', () => finish({ status: res.statusCode }));
    },
  );
  // The whole exchange, connecting included: a server whose accept queue is full leaves the
  // connection waiting for the kernel's retries (minutes), which no socket timeout covers.
  const deadline = setTimeout(() => {
    finish({ error: 'timeout' });
    req.destroy();
  }, HEALTHZ_DEADLINE_MS);
  req.on('error', (err) => finish({ error: err.message }));
}

function embeddedDbPid(): number | null {
  return childPids(serverPid).find((pid) => commandLine(pid).includes('embedded-db-child')) ?? null;
}

/** The database's process and port, looked up again only when the process has gone. */
let db: { pid: number | null; port: number | null } = { pid: fixedDbPid, port: fixedDbPort };

function resources() {
  const entries = tcpEntries();
  if (db.pid === null || rssBytes(db.pid) === null) {
    const pid = fixedDbPid ?? embeddedDbPid();
    db = { pid, port: fixedDbPort ?? (pid ? (listeningPorts(pid, entries)[0] ?? null) : null) };
  }
  const { pid: dbPid, port: dbPort } = db;
  emit({
    k: 'r',
    serverRss: rssBytes(serverPid),
    serverCpu: cpuSeconds(serverPid),
    serverWait: cpuWaitSeconds(serverPid),
    dbPid,
    dbRss: dbPid ? rssBytes(dbPid) : null,
    dbCpu: dbPid ? cpuSeconds(dbPid) : null,
    dbWait: dbPid ? cpuWaitSeconds(dbPid) : null,
    dbPort,
    // Only the server connects to its database, and only devices to the server.
    upstream: dbPort ? connectionsTo(dbPort, entries) : null,
    clients: connectionsAt(port, entries),
  });
}

let scraping = false;

/**
 * prom-client's event-loop figures cover the time since the previous scrape, so one scrape at a
 * time, each waited for however late it is (an abandoned one would take its figures with it).
 */
function scrape() {
  if (metricsPort === null || scraping) return;
  scraping = true;
  const asked = Date.now();
  const req = http.get({ host: '127.0.0.1', port: metricsPort, path: '/metrics', agent }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => {
      scraping = false;
      const samples = parsePrometheus(Buffer.concat(chunks).toString('utf8'));
      // An empty histogram (no delay recorded since the last scrape) says min = 2^63 ns.
      const empty = (metricValue(samples, 'nodejs_eventloop_lag_min_seconds') ?? 0) > 1e6;
      emit({
        k: 'm',
        asked,
        loopP99: empty ? null : metricValue(samples, 'nodejs_eventloop_lag_p99_seconds'),
        loopMax: empty ? null : metricValue(samples, 'nodejs_eventloop_lag_max_seconds'),
        live: metricValue(samples, 'keel_live_clients'),
      });
    });
  });
  req.on('error', () => (scraping = false));
}

setInterval(healthz, 100);
setInterval(resources, 1_000);
setInterval(scrape, 1_000);
resources();
process.on('disconnect', () => process.exit(0));
