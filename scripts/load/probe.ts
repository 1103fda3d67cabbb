/**
 * The load test's observer, in a process of its own so that the load generator's busy event
 * loop does not delay its readings: it times `GET /healthz` every 100 ms (Keel exposes no
 * event-loop figure, and a health check waits behind everything the server's loop is doing), and
 * every second reads the server's and its database's memory and CPU time and counts the
 * connections between them. One JSON line per reading on stdout.
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
  connectionsTo,
  cpuSeconds,
  cpuWaitSeconds,
  listeningPorts,
  rssBytes,
  TCP_ESTABLISHED,
  socketInodes,
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

function healthz() {
  const started = performance.now();
  const req = http.get(
    { host: '127.0.0.1', port, path: '/healthz', agent, headers: { host: `localhost:${port}` } },
    (res) => {
      res.resume();
      res.on('end', () =>
        emit({ k: 'h', ms: performance.now() - started, status: res.statusCode }),
      );
    },
  );
  req.setTimeout(5_000, () => req.destroy(new Error('timeout')));
  req.on('error', (err) => emit({ k: 'h', ms: performance.now() - started, error: err.message }));
}

function embeddedDbPid(): number | null {
  return childPids(serverPid).find((pid) => commandLine(pid).includes('embedded-db-child')) ?? null;
}

function resources() {
  const dbPid = fixedDbPid ?? embeddedDbPid();
  const entries = tcpEntries();
  const dbPort = fixedDbPort ?? (dbPid ? (listeningPorts(dbPid, entries)[0] ?? null) : null);
  const serverSockets = socketInodes(serverPid);
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
    upstream: dbPort ? connectionsTo(serverPid, dbPort, entries) : null,
    clients: entries.filter(
      (e) => e.state === TCP_ESTABLISHED && e.localPort === port && serverSockets.has(e.inode),
    ).length,
  });
}

function scrape() {
  if (metricsPort === null) return;
  const req = http.get({ host: '127.0.0.1', port: metricsPort, path: '/metrics', agent }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => {
      const samples = parsePrometheus(Buffer.concat(chunks).toString('utf8'));
      emit({
        k: 'm',
        loopP99: metricValue(samples, 'nodejs_eventloop_lag_p99_seconds'),
        loopMax: metricValue(samples, 'nodejs_eventloop_lag_max_seconds'),
        live: metricValue(samples, 'keel_live_clients'),
      });
    });
  });
  req.setTimeout(5_000, () => req.destroy(new Error('timeout')));
  req.on('error', () => undefined);
}

setInterval(healthz, 100);
setInterval(resources, 1_000);
setInterval(scrape, 1_000);
resources();
process.on('disconnect', () => process.exit(0));
