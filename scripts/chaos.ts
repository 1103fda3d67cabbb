/**
 * `npm run chaos`: faults while people edit (issue 22). Starts a Keel set-up of its own — a
 * standalone embedded database process and two Keel instances over it — spreads simulated
 * devices (scripts/load/device.ts, replicating like PouchDB) over both instances, has people
 * edit at a steady rate, and meanwhile:
 * 1. kills the database (SIGKILL) and starts it again after the outage;
 * 2. kills instance B (SIGKILL): its devices move to instance A (each device knows both, as a
 *    browser behind a balancer would), and B is started again afterwards;
 * 3. cuts the network for a few devices (and one writer), which reach instance A through a TCP
 *    relay the script resets and refuses connections on for the outage.
 * After each fault it times how long the devices took to be back in sync: the pull live again
 * and answered since the fault ended, holding every edit acknowledged before the fault ended,
 * and every edit the device made by then acknowledged by the server. (Not the indicator's
 * Synced at one instant: with edits arriving all the time, a device re-offering what it pulled
 * flickers between Synced and Syncing however healthy it is.) At the end the edits stop, the last
 * ones drain, and every acknowledged edit is read back from the database: "0 lost".
 *
 * Options: `npm run chaos -- --help`. A quick check: npm run chaos -- --clients 20 --writes 5
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseProcess } from './load/database-process.ts';
import { Device, type ReplicatedDoc } from './load/device.ts';
import type { HttpClient } from './load/http-client.ts';
import { buildKeel, startKeel, type KeelProcess } from './load/keel-process.ts';
import { commandLineOptions, type OptionSpec } from './load/options.ts';
import type { Traffic } from './load/replicator.ts';
import { ResyncWatch, type ResyncFigures } from './load/resync.ts';
import { seedPeople } from './load/seed-people.ts';
import { atMost, info, markdownTable, Tally, type Row } from './load/stats.ts';
import { TcpProxy } from './load/tcp-proxy.ts';
import { lostWrites, markerOf, WriteLedger } from './load/write-ledger.ts';
import { paceEdits, Writer } from './load/writer.ts';

const OPTIONS: OptionSpec[] = [
  { flag: 'clients', env: 'CLIENTS', fallback: 200, help: 'live devices, over both instances' },
  { flag: 'writes', env: 'WRITES_PER_SECOND', fallback: 20, help: 'edits per second' },
  { flag: 'workspaces', env: 'WORKSPACES', fallback: 4, help: 'workspaces the devices share' },
  {
    flag: 'outage',
    env: 'OUTAGE',
    fallback: 5,
    help: 'seconds the database and network stay down',
  },
  {
    flag: 'cut',
    env: 'CUT_CLIENTS',
    fallback: (o) => Math.max(1, Math.min(10, Math.floor(o.clients! / 10))),
    help: 'devices whose network is cut (default: a tenth, 1 to 10)',
  },
  {
    flag: 'port',
    env: 'PORT',
    fallback: 8400,
    help: 'first of six ports: instances A and B, their /metrics, the database, the relay',
  },
  { flag: 'keep', env: 'KEEP', fallback: 0, help: '1: keep the data directory and server logs' },
];
const options = commandLineOptions('npm run chaos --', OPTIONS);
const CLIENTS = Math.max(1, options.clients!);
const WRITES_PER_SECOND = Math.max(1, options.writes!);
const WORKSPACES = Math.max(1, options.workspaces!);
const OUTAGE_MS = options.outage! * 1000;
const CUT = Math.min(CLIENTS, options.cut!);
const PORTS = {
  a: options.port!,
  b: options.port! + 1,
  metricsA: options.port! + 2,
  metricsB: options.port! + 3,
  db: options.port! + 4,
  relay: options.port! + 5,
};
const KEEP = options.keep === 1;

/** Edits per second one person makes at most: well under the write limit (600 a minute). */
const WRITER_RATE = 4;
const ISSUES_PER_WRITER = 5;
const WRITER_DEVICE_BASE = 1_000_000;
const TARGET_RESYNC_MS = 10_000;
/** How long to wait for devices to be back in sync before calling them never back. */
const RESYNC_LIMIT_MS = 60_000;
const DRAIN_MS = 60_000;

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-chaos-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Watched {
  device: Device;
  /** Whether its receiving is measured (writers' own devices only have to push and be live). */
  measured: boolean;
  /** The person editing on it, whose edits must reach the server. */
  writer?: Writer;
}

interface FaultResult {
  what: string;
  resync: ResyncFigures;
  errors: Tally;
}

async function main() {
  const started = Date.now();
  console.log(
    `Keel chaos: ${CLIENTS} live devices over 2 instances and ${WORKSPACES} workspaces, ` +
      `${WRITES_PER_SECOND} edits/s, outages of ${OUTAGE_MS / 1000} s; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  await buildKeel();
  const db = new DatabaseProcess(path.join(DATA, 'database'), PORTS.db);
  await db.start();
  // Both behind one address, as behind a balancer: the same public origin.
  const origin = `http://localhost:${PORTS.a}`;
  const keelEnv = (metricsPort: number) => ({
    ...db.env,
    PUBLIC_URL: origin,
    METRICS_PORT: String(metricsPort),
  });
  const startA = () => startKeel(PORTS.a, path.join(DATA, 'a'), keelEnv(PORTS.metricsA));
  const startB = () => startKeel(PORTS.b, path.join(DATA, 'b'), keelEnv(PORTS.metricsB));
  // One after the other: the first boot makes the shared secrets.
  const instances: { a: KeelProcess; b: KeelProcess } = { a: await startA(), b: await startB() };
  const relay = new TcpProxy(PORTS.relay, { host: '127.0.0.1', port: PORTS.a });
  await relay.listen();

  // Errors go to the phase running when they happened.
  let errors = new Tally();
  const traffic: Traffic = {
    requests: new Tally(),
    get errors() {
      return errors;
    },
  };
  const ledger = new WriteLedger();
  const browsers: HttpClient[] = [];
  const running: Promise<void>[] = [];
  const stop = new AbortController();
  const stopEdits = new AbortController();
  try {
    // ── seed through A; then each person reaches the instance of their own ─────────────────
    const seedStart = Date.now();
    const people = await seedPeople(
      { host: '127.0.0.1', port: PORTS.a, origin },
      {
        workspaces: WORKSPACES,
        writersPerWorkspace: Math.max(1, Math.ceil(WRITES_PER_SECOND / WORKSPACES / WRITER_RATE)),
        devices: CLIENTS,
      },
      'chaos',
    );
    browsers.push(...people.browsers);
    console.log(`  (seeded in ${seconds(Date.now() - seedStart)})`);
    /** Device i: the first CUT behind the relay; the others on A and B in turn. */
    const place = (browser: HttpClient, onRelay: boolean, onB: boolean) => {
      if (onRelay) {
        browser.target = { ...browser.target, port: PORTS.relay };
        browser.failover = [];
      } else {
        browser.target = { ...browser.target, port: onB ? PORTS.b : PORTS.a };
        browser.failover = [onB ? PORTS.a : PORTS.b];
      }
    };

    const watched: Watched[] = [];
    const writers: Writer[] = [];
    for (const [i, w] of people.writers.entries()) {
      place(w.browser, i === 0, i % 2 === 1);
      const device = new Device(WRITER_DEVICE_BASE + i, w.browser, w.ws.slug, traffic);
      running.push(device.run(stop.signal));
      const writer = new Writer(device, w.ws, w.userId, ledger);
      watched.push({ device, measured: false, writer });
      await writer.createIssues(w.numbers, ISSUES_PER_WRITER);
      writers.push(writer);
    }
    const onDocs = (client: Device, docs: ReplicatedDoc[], at: number) => {
      for (const doc of docs) {
        if (doc.type !== 'issue') continue;
        const seq = markerOf(doc.title);
        if (seq !== null) ledger.seen(client.index, doc._id, seq, at);
      }
    };
    for (const [i, d] of people.devices.entries()) {
      place(d.browser, i < CUT, i % 2 === 1);
      const device = new Device(i, d.browser, d.slug, traffic, onDocs);
      running.push(device.run(stop.signal));
      watched.push({ device, measured: true });
      await sleep(10);
    }
    const cutGroup = watched.filter((w) => w.device.http.target.port === PORTS.relay);
    const liveBy = Date.now() + 120_000;
    while (watched.some((w) => !w.device.wasLive) && Date.now() < liveBy) await sleep(250);
    console.log(
      `  (${watched.filter((w) => w.device.wasLive).length} of ${watched.length} devices live, ` +
        `${cutGroup.length} of them behind the relay)`,
    );

    // ── edits all along; faults one after the other ─────────────────────────────────────────
    const edits = paceEdits(writers, WRITES_PER_SECOND, stopEdits.signal);
    await sleep(15_000);
    const results: FaultResult[] = [];

    /** Watch `group` until each is back in sync after `endedAt`, or the limit passes. */
    const resync = async (what: string, group: Watched[], endedAt: number) => {
      const wanted = ledger.newestAcked(endedAt);
      const watch = new ResyncWatch(group.length, endedAt);
      while (!watch.allBack && performance.now() - endedAt < RESYNC_LIMIT_MS) {
        const now = performance.now();
        for (const [i, { device, measured, writer }] of group.entries())
          watch.look(
            i,
            now,
            device.pullLiveSince(endedAt) &&
              (!measured || ledger.holdsAll(device.index, device.slug, wanted)) &&
              (!writer || ledger.ackedAllMadeBy(writer.issueIds, endedAt)),
          );
        await sleep(100);
      }
      const figures = watch.figures();
      results.push({ what, resync: figures, errors });
      console.log(
        `  ${what}: ${figures.devices - figures.never} of ${figures.devices} devices back in sync, ` +
          `the slowest after ${figures.slowest === null ? 'n/a' : seconds(figures.slowest)}`,
      );
      // The devices late past the target, and why: their state and last failures.
      for (const i of watch.slowest(5)) {
        const back = watch.backAfter(i);
        if (back !== null && back <= TARGET_RESYNC_MS) break;
        const { device, measured, writer } = group[i]!;
        const at = (t: number) => `${((t - endedAt) / 1000).toFixed(1)} s`;
        const lacking = [
          measured && !ledger.holdsAll(device.index, device.slug, wanted) ? 'lacks edits' : '',
          writer && !ledger.ackedAllMadeBy(writer.issueIds, endedAt) ? 'own edits unsent' : '',
        ].filter(Boolean);
        console.log(
          `    device ${device.index} (${measured ? 'reader' : 'writer'}, port ${device.http.target.port}): ` +
            `${back === null ? 'never back' : `back after ${seconds(back)}`}; now ${device.state}, ` +
            `last answer from _changes at ${at(device.pullOkAt)}, ${device.unpushed} to push, ` +
            `${lacking.join(', ') || 'holds every edit'}`,
        );
        for (const r of device.inFlight)
          console.log(`      waiting since ${at(r.at)} for ${r.what} on port ${r.port}`);
        for (const f of device.failures.filter((f) => f.at > endedAt - OUTAGE_MS - 10_000))
          console.log(
            `      ${at(f.at)}: ${f.direction} failed (${f.error}); retrying in ${seconds(f.backOff)}`,
          );
      }
      errors = new Tally();
      await sleep(3_000);
    };

    const beforeFaults = errors;
    // How long an edit takes to reach other devices with no fault: a floor for being back in sync.
    const steady = {
      median: ledger.visible.percentile(50),
      p95: ledger.visible.percentile(95),
    };
    // 1. The database dies and comes back.
    console.log(`  killing the database for ${OUTAGE_MS / 1000} s`);
    errors = new Tally();
    await db.kill();
    await sleep(OUTAGE_MS);
    await db.start();
    await resync('database killed and restarted', watched, performance.now());

    // 2. Instance B dies: its devices move to A. It comes back afterwards.
    console.log('  killing instance B');
    const killedAt = performance.now();
    await instances.b.kill();
    await resync('instance B killed (its devices moved to A)', watched, killedAt);
    const restartAt = Date.now();
    instances.b = await startB();
    console.log(`  (instance B started again in ${seconds(Date.now() - restartAt)})`);

    // 3. The network goes away for the devices behind the relay.
    console.log(`  cutting the network of ${cutGroup.length} devices for ${OUTAGE_MS / 1000} s`);
    await relay.cut();
    await sleep(OUTAGE_MS);
    await relay.listen();
    await resync('network cut and restored', cutGroup, performance.now());

    // ── the last edits drain; every acknowledged edit is read back ──────────────────────────
    stopEdits.abort();
    const made = await edits;
    const byWorkspace = new Map<string, number[]>();
    for (const { device, measured } of watched)
      if (measured)
        byWorkspace.set(device.slug, [...(byWorkspace.get(device.slug) ?? []), device.index]);
    const drainUntil = Date.now() + DRAIN_MS;
    while (
      Date.now() < drainUntil &&
      (ledger.acked < ledger.sent || ledger.unseen(byWorkspace) > 0)
    )
      await sleep(250);
    const unseen = ledger.unseen(byWorkspace);
    const stored = new Map<string, number | null>();
    const dbs = (await db.json<string[]>('/_all_dbs')).filter((name) => !name.startsWith('_'));
    for (const name of dbs) {
      const all = await db.json<{ rows: { id: string; doc?: ReplicatedDoc }[] }>(
        `/${encodeURIComponent(name)}/_all_docs?include_docs=true`,
      );
      for (const row of all.rows)
        if (row.doc?.type === 'issue') stored.set(row.id, markerOf(row.doc.title));
    }
    const acked = ledger.newestAcked();
    const lost = lostWrites(acked, stored);

    // ── figures ─────────────────────────────────────────────────────────────────────────────
    const rows: Row[] = [
      info(
        'edits made / acknowledged',
        `${made} / ${ledger.acked} (of ${ledger.sent} sent to devices; ${acked.size} issues)`,
      ),
      atMost('acknowledged edits lost (read back from the database)', lost.length, 0, ''),
      atMost(
        `(device, edit) pairs never received: acknowledged edits a device lacked ${DRAIN_MS / 1000} s after the last`,
        unseen,
        0,
        '',
      ),
      atMost('edit → other device before the faults, median', steady.median, null, 'ms'),
      atMost('edit → other device before the faults, 95th percentile', steady.p95, null, 'ms'),
    ];
    for (const r of results) {
      rows.push(
        atMost(`${r.what}: back in sync, median`, r.resync.median, null, 'ms'),
        atMost(`${r.what}: back in sync, slowest`, r.resync.slowest, TARGET_RESYNC_MS, 'ms'),
        atMost(
          `${r.what}: devices not back in sync after ${RESYNC_LIMIT_MS / 1000} s (of ${r.resync.devices})`,
          r.resync.never,
          0,
          '',
        ),
      );
    }
    console.log(`  failed requests before the faults:${beforeFaults.total ? '' : ' none'}`);
    for (const [label, n] of beforeFaults.entries()) console.log(`    ${label}: ${n}`);
    for (const r of results) {
      console.log(`  failed requests while "${r.what}" lasted:${r.errors.total ? '' : ' none'}`);
      for (const [label, n] of r.errors.entries()) console.log(`    ${label}: ${n}`);
    }
    console.log(`  failed requests afterwards:${errors.total ? '' : ' none'}`);
    for (const [label, n] of errors.entries()) console.log(`    ${label}: ${n}`);
    if (lost.length) {
      console.log('  lost:');
      for (const l of lost.slice(0, 20))
        console.log(
          `    ${l.docId}: edit ${l.acked} acknowledged, ${l.found === null ? 'not found' : `edit ${l.found} stored`}`,
        );
    }
    console.log(
      `\n${lost.length === 0 ? '0 lost' : `${lost.length} lost`}\n\n${markdownTable(rows)}`,
    );
    console.log(
      `\n  npm run chaos -- --clients ${CLIENTS} --writes ${WRITES_PER_SECOND} --workspaces ${WORKSPACES} --outage ${OUTAGE_MS / 1000} --cut ${CUT}; ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s in all; load average at the end ${os.loadavg()[0]!.toFixed(1)}`,
    );
    return lost.length === 0 ? 0 : 1;
  } finally {
    stopEdits.abort();
    stop.abort();
    await Promise.race([Promise.all(running), sleep(5_000)]);
    for (const b of browsers) b.close();
    await relay.cut();
    await Promise.all([instances.a.stop(), instances.b.stop()]);
    await db.kill();
    if (KEEP) console.log(`  data and server logs kept in ${DATA}`);
    else fs.rmSync(DATA, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
