/**
 * `npm run loadtest`: many live devices on one Keel instance (issue 22). Seeds accounts and
 * workspaces through the real server and its embedded sign-in provider, starts simulated
 * devices that replicate `/db/:ws` exactly as PouchDB's live replication does, and has people
 * edit issues at a steady rate, each edit stamped so the devices can say when they received it.
 * Prints each figure beside its target (targets are for 1,000 devices at 100 writes/s). Numbers,
 * not assertions: see docs/performance.md for recorded runs.
 *
 * Options (flags, or the environment variables named in `--help`): --clients (1000),
 * --writes per second (100), --workspaces (4), --seconds of edits (60), --port (8390; /metrics
 * on the next port), --ramp (seconds over which devices connect), --drain (30 s at most waiting
 * for the last edits to arrive), --keep 1 to keep the data directory (its keel.log has the
 * server's warnings). A quick check: npm run loadtest -- --clients 50 --seconds 15
 * KEEL_NODE_OPTIONS passes options to the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { HttpClient, Target } from './load/http-client.ts';
import { seedPeople } from './load/seed-people.ts';
import { buildKeel, startKeel, ROOT } from './load/keel-process.ts';
import { Device, type ReplicatedDoc, type Transport } from './load/device.ts';
import type { Traffic } from './load/replicator.ts';
import { atMost, info, markdownTable, percentile, Tally, type Row } from './load/stats.ts';
import { markerOf, WriteLedger } from './load/write-ledger.ts';
import { commandLineOptions, type OptionSpec } from './load/options.ts';
import { Writer } from './load/writer.ts';

const OPTIONS: OptionSpec[] = [
  { flag: 'clients', env: 'CLIENTS', fallback: 1000, help: 'live devices' },
  { flag: 'writes', env: 'WRITES_PER_SECOND', fallback: 100, help: 'edits per second' },
  { flag: 'workspaces', env: 'WORKSPACES', fallback: 4, help: 'workspaces the devices share' },
  { flag: 'seconds', env: 'DURATION', fallback: 60, help: 'seconds of edits' },
  { flag: 'port', env: 'PORT', fallback: 8390, help: "Keel's port (/metrics on the next)" },
  {
    flag: 'ramp',
    env: 'RAMP',
    fallback: (o) => Math.max(5, Math.ceil(o.clients! / 100)),
    help: 'seconds over which devices connect (default: 1 per 100 devices, at least 5)',
  },
  { flag: 'drain', env: 'DRAIN', fallback: 30, help: 'seconds at most for the last edits' },
  { flag: 'keep', env: 'KEEP', fallback: 0, help: '1: keep the data directory and server log' },
  {
    flag: 'stream',
    env: 'STREAM',
    fallback: 0,
    help: "1: devices pull through the change stream, not PouchDB's replication requests",
  },
];
const options = commandLineOptions('npm run loadtest --', OPTIONS);
const CLIENTS = options.clients!;
const WRITES_PER_SECOND = options.writes!;
const WORKSPACES = Math.max(1, options.workspaces!);
const DURATION_S = options.seconds!;
const PORT = options.port!;
const METRICS_PORT = PORT + 1;
const RAMP_S = options.ramp!;
const DRAIN_S = options.drain!;
const KEEP = options.keep === 1;
const TRANSPORT: Transport = options.stream === 1 ? 'stream' : 'replication';

/** Edits per second one person makes at most: well under the write limit (600 a minute). */
const WRITER_RATE = 4;
const ISSUES_PER_WRITER = 5;
/** Writers' devices are numbered apart from the measured ones. */
const WRITER_DEVICE_BASE = 1_000_000;
const TARGETS = { rssMb: 256, upstreamExtra: 10, visibleP95: 250, healthzP99: 50 };

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-loadtest-'));
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Reading {
  t: number;
  /** When the request behind a reading was sent (a late answer still belongs to its time). */
  asked?: number;
  k: 'h' | 'r' | 'm';
  ms?: number;
  error?: string;
  status?: number;
  serverRss?: number | null;
  dbRss?: number | null;
  serverCpu?: number | null;
  dbCpu?: number | null;
  serverWait?: number | null;
  dbWait?: number | null;
  upstream?: number | null;
  clients?: number;
  loopP99?: number | null;
  loopMax?: number | null;
  live?: number | null;
}

function openFileLimit(): number | null {
  const limits = fs.readFileSync('/proc/self/limits', 'utf8');
  const match = /^Max open files\s+(\d+)/m.exec(limits);
  return match ? Number(match[1]) : null;
}

async function main() {
  const started = Date.now();
  console.log(
    `Keel load test: ${CLIENTS} live devices over ${WORKSPACES} workspaces, ${WRITES_PER_SECOND} edits/s for ${DURATION_S} s; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const fileLimit = openFileLimit();
  // Each device holds up to two connections, and the server the other end of each.
  if (fileLimit !== null && fileLimit < CLIENTS * 3 + 1000)
    console.log(
      `  warning: open files are limited to ${fileLimit}; raise it (ulimit -n) for ${CLIENTS} devices`,
    );

  await buildKeel();
  const keel = await startKeel(PORT, DATA, { METRICS_PORT: String(METRICS_PORT) });
  const target: Target = { host: '127.0.0.1', port: PORT, origin: keel.origin };
  const probe = spawn(process.execPath, ['--import', 'tsx', 'scripts/load/probe.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROBE_PORT: String(PORT),
      PROBE_SERVER_PID: String(keel.pid),
      PROBE_METRICS_PORT: String(METRICS_PORT),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const readings: Reading[] = [];
  createInterface({ input: probe.stdout! }).on('line', (line) => {
    try {
      readings.push(JSON.parse(line) as Reading);
    } catch {
      /* not a reading */
    }
  });

  const traffic: Traffic = { errors: new Tally(), requests: new Tally() };
  // The writers' own devices also time each request, to tell where an edit's acknowledgement
  // waits (the server's handling of the same requests is in its /metrics).
  const writerTraffic: Traffic = { ...traffic, durations: new Map(), slow: [] };
  const ledger = new WriteLedger();
  const clients: Device[] = [];
  const running: Promise<void>[] = [];
  const browsers: HttpClient[] = [];
  const writers: Writer[] = [];
  const stop = new AbortController();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let measured = { from: 0, to: 0 };
  try {
    // ── seed: owners and workspaces, then writers and devices as invited members ──────────
    const seedStart = Date.now();
    const people = await seedPeople(target, {
      workspaces: WORKSPACES,
      writersPerWorkspace: Math.max(1, Math.ceil(WRITES_PER_SECOND / WORKSPACES / WRITER_RATE)),
      devices: CLIENTS,
    });
    browsers.push(...people.browsers);
    for (const [i, w] of people.writers.entries()) {
      // The writer's own device syncs like any other (it is not among the devices measured).
      const device = new Device(
        WRITER_DEVICE_BASE + i,
        w.browser,
        w.ws.slug,
        writerTraffic,
        undefined,
        TRANSPORT,
      );
      running.push(device.run(stop.signal));
      const writer = new Writer(device, w.ws, w.userId, ledger);
      await writer.createIssues(w.numbers, ISSUES_PER_WRITER);
      writers.push(writer);
    }
    const devices = people.devices;
    console.log(`  (seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s)`);

    // ── devices connect, spread over the ramp, and catch up ───────────────────────────────
    const onDocs = (client: Device, docs: ReplicatedDoc[], at: number) => {
      for (const doc of docs) {
        if (doc.type !== 'issue') continue;
        const seq = markerOf(doc.title);
        if (seq !== null) ledger.seen(client.index, doc._id, seq, at);
      }
    };
    const rampStart = Date.now();
    for (const [i, device] of devices.entries()) {
      const client = new Device(i, device.browser, device.slug, traffic, onDocs, TRANSPORT);
      clients.push(client);
      running.push(client.run(stop.signal));
      await sleep((RAMP_S * 1000) / Math.max(1, CLIENTS));
    }
    const liveBy = Date.now() + 120_000;
    while (clients.some((c) => !c.wasLive) && Date.now() < liveBy) await sleep(250);
    const liveAtStart = clients.filter((c) => c.wasLive).length;
    console.log(
      `  (${liveAtStart} of ${CLIENTS} devices live ${((Date.now() - rampStart) / 1000).toFixed(1)} s after the first connected)`,
    );
    // The edits measure the steady state: they start once every device has also finished its
    // push's first round (a checkpoint read and written), not while a thousand devices' first
    // requests still queue at the server.
    const settledBy = Date.now() + 120_000;
    const settling = () => [...clients, ...writers.map((w) => w.device)].filter((d) => !d.pushIdle);
    while (settling().length && Date.now() < settledBy) await sleep(250);
    console.log(
      `  (every device's first push round done ${((Date.now() - rampStart) / 1000).toFixed(1)} s after the first connected${settling().length ? `; ${settling().length} still busy` : ''})`,
    );
    await sleep(2_000);

    // ── edits at a steady rate ──────────────────────────────────────────────────────────────
    loopDelay.enable();
    const cpuBefore = process.cpuUsage();
    measured = { from: Date.now(), to: 0 };
    const t0 = performance.now();
    let made = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = (performance.now() - t0) / 1000;
        const due = Math.min(
          Math.floor(elapsed * WRITES_PER_SECOND),
          Math.round(DURATION_S * WRITES_PER_SECOND),
        );
        for (; made < due; made++) writers[made % writers.length]!.edit(performance.now());
        if (elapsed >= DURATION_S) {
          clearInterval(tick);
          resolve();
        }
      }, 10);
    });
    measured.to = Date.now();
    const generatorCpu = process.cpuUsage(cpuBefore);
    loopDelay.disable();
    console.log(`  (${made} edits made; waiting up to ${DRAIN_S} s for the last to arrive)`);

    // ── drain: the last edits acknowledged and received ─────────────────────────────────────
    const byWorkspace = new Map<string, number[]>();
    for (const c of clients) byWorkspace.set(c.slug, [...(byWorkspace.get(c.slug) ?? []), c.index]);
    const drainUntil = Date.now() + DRAIN_S * 1000;
    while (
      Date.now() < drainUntil &&
      (ledger.acked < ledger.sent || ledger.unseen(byWorkspace) > 0)
    )
      await sleep(250);
    const drained = (Date.now() - measured.to) / 1000;
    const unseen = ledger.unseen(byWorkspace);
    const liveAtEnd = clients.filter((c) => c.state === 'live').length;

    // ── figures ─────────────────────────────────────────────────────────────────────────────
    const inWindow = readings.filter(
      (r) => (r.asked ?? r.t) >= measured.from && (r.asked ?? r.t) <= measured.to,
    );
    const health = inWindow.filter((r) => r.k === 'h');
    const healthMs = health.map((r) => r.ms!);
    const healthFailed = health.filter((r) => r.error || r.status !== 200).length;
    const res = inWindow.filter((r) => r.k === 'r');
    const scraped = inWindow.filter((r) => r.k === 'm');
    const maxOf = (xs: (number | null | undefined)[]) => {
      const values = xs.filter((x): x is number => typeof x === 'number');
      return values.length ? Math.max(...values) : null;
    };
    const cpuShare = (key: 'serverCpu' | 'dbCpu' | 'serverWait' | 'dbWait') => {
      const values = res.map((r) => r[key]).filter((x): x is number => typeof x === 'number');
      const seconds = (measured.to - measured.from) / 1000;
      return values.length > 1 ? ((values.at(-1)! - values[0]!) / seconds) * 100 : null;
    };
    const ms = (seconds: number | null) => (seconds === null ? null : seconds * 1000);
    const serverRss = maxOf(res.map((r) => r.serverRss));
    const dbRss = maxOf(res.map((r) => r.dbRss));
    const upstream = maxOf(res.map((r) => r.upstream));
    const seconds = (measured.to - measured.from) / 1000;
    const v = ledger.visible;
    const ack = ledger.acknowledged;
    const rows: Row[] = [
      info(
        'devices live (when edits began / at the end)',
        `${liveAtStart} / ${liveAtEnd} of ${CLIENTS}`,
      ),
      info(
        'edits made / acknowledged',
        `${ledger.sent} / ${ledger.acked} (${(ledger.sent / seconds).toFixed(1)}/s over ${seconds.toFixed(0)} s)`,
      ),
      atMost('edit → other device, median', v.percentile(50), null, 'ms'),
      atMost('edit → other device, 95th percentile', v.percentile(95), TARGETS.visibleP95, 'ms'),
      atMost('edit → other device, 99th percentile', v.percentile(99), null, 'ms'),
      atMost('edit → other device, slowest', v.max, null, 'ms'),
      atMost(
        `(device, edit) pairs never received: acknowledged edits a device lacked ${DRAIN_S} s after the last`,
        unseen,
        0,
        '',
      ),
      atMost('edit acknowledged by the server, median', ack.percentile(50), null, 'ms'),
      atMost('edit acknowledged by the server, 95th percentile', ack.percentile(95), null, 'ms'),
      atMost(
        'server memory (RSS, largest)',
        serverRss === null ? null : serverRss / MB,
        TARGETS.rssMb,
        'MB',
      ),
      atMost('database memory (RSS, largest)', dbRss === null ? null : dbRss / MB, null, 'MB'),
      atMost(
        'connections from the server to the database (most at once)',
        upstream,
        WORKSPACES + TARGETS.upstreamExtra,
        '',
      ),
      atMost(
        'device connections to the server (most at once)',
        maxOf(res.map((r) => r.clients)),
        null,
        '',
      ),
      atMost(
        'server event-loop delay, 99th percentile (worst second)',
        ms(maxOf(scraped.map((r) => r.loopP99))),
        null,
        'ms',
        1,
      ),
      atMost(
        'server event-loop delay, longest',
        ms(maxOf(scraped.map((r) => r.loopMax))),
        null,
        'ms',
        1,
      ),
      atMost(
        'live longpolls the server holds (most at once, its /metrics)',
        maxOf(scraped.map((r) => r.live)),
        null,
        '',
      ),
      atMost('/healthz, median', percentile(healthMs, 50), null, 'ms', 1),
      atMost(
        '/healthz, 99th percentile (event-loop delay proxy)',
        percentile(healthMs, 99),
        TARGETS.healthzP99,
        'ms',
        1,
      ),
      atMost('/healthz, slowest', maxOf(healthMs), null, 'ms', 1),
      atMost(
        'errors (failed requests and refused edits)',
        traffic.errors.total + healthFailed,
        0,
        '',
      ),
      atMost('server CPU (share of one core)', cpuShare('serverCpu'), null, '%'),
      atMost('database CPU (share of one core)', cpuShare('dbCpu'), null, '%'),
      atMost(
        'server main thread ready but waiting for a core (share of the time)',
        cpuShare('serverWait'),
        null,
        '%',
      ),
      atMost(
        'database main thread ready but waiting for a core (share of the time)',
        cpuShare('dbWait'),
        null,
        '%',
      ),
      atMost(
        'load generator CPU (share of one core)',
        ((generatorCpu.user + generatorCpu.system) / 1e6 / seconds) * 100,
        null,
        '%',
      ),
      atMost(
        'load generator event-loop delay, 99th percentile',
        loopDelay.percentile(99) / 1e6,
        null,
        'ms',
      ),
    ];
    console.log(`  (drained in ${drained.toFixed(1)} s)`);
    console.log(
      `  errors by request and status:${traffic.errors.total || healthFailed ? '' : ' none'}`,
    );
    for (const [label, n] of traffic.errors.entries()) console.log(`    ${label}: ${n}`);
    if (healthFailed) console.log(`    GET /healthz failed: ${healthFailed}`);
    console.log(
      `  requests answered: ${traffic.requests
        .entries()
        .map(([label, n]) => `${label} ${n}`)
        .join(', ')}`,
    );
    const shown = (v: number | null) => `${(v ?? 0).toFixed(0)} ms`;
    console.log("  the writers' requests as their devices saw them, p50 / p95 / slowest:");
    for (const [label, took] of writerTraffic.durations!)
      console.log(
        `    ${label} (${took.length}): ${shown(percentile(took, 50))} / ${shown(percentile(took, 95))} / ${shown(Math.max(...took))}`,
      );
    const slow = writerTraffic.slow!.filter((s) => s.sent >= t0);
    if (slow.length) {
      // Whether the slow ones come together (the database stalling) or apart (one writer's luck).
      console.log(
        `  the writers' requests of a second or more, sent at (s into the edits) for how long:`,
      );
      console.log(
        `    ${slow
          .sort((a, b) => a.sent - b.sent)
          .map(
            (s) =>
              `${((s.sent - t0) / 1000).toFixed(1)} ${s.endpoint.replace(/^POST /, '')} ${(s.ms / 1000).toFixed(1)} s`,
          )
          .join('; ')}`,
      );
    }
    console.log(`\n${markdownTable(rows)}`);
    console.log(
      `\n  npm run loadtest -- --clients ${CLIENTS} --writes ${WRITES_PER_SECOND} --workspaces ${WORKSPACES} --seconds ${DURATION_S}${TRANSPORT === 'stream' ? ' --stream 1' : ''}; ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s in all; load average at the end ${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    stop.abort();
    await Promise.race([Promise.all(running), sleep(5_000)]);
    for (const b of browsers) b.close();
    probe.kill();
    if (KEEP)
      fs.writeFileSync(
        path.join(DATA, 'readings.jsonl'),
        readings.map((r) => JSON.stringify(r)).join('\n'),
      );
    await keel.stop();
    if (KEEP) console.log(`  data and server log kept in ${DATA}`);
    else fs.rmSync(DATA, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
