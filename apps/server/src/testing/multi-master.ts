import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { startEmbeddedDb, type EmbeddedDb } from '../db/embedded-db.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A database with two masters, the way a CouchDB cluster behaves for a write that reaches two
 * nodes at once: two embedded database processes, each with its own data, replicating every
 * database to each other continuously (replicator-child.ts), and one Keel server on each. Two
 * writes to one document through the two servers both succeed, and become a conflict on both
 * nodes a moment later; a read on one node does not see a write made on the other until it has
 * been replicated. Keel must hand out each issue number and URL key once all the same.
 */
export interface MultiMaster {
  nodes: [EmbeddedDb, EmbeddedDb];
  servers: [TestServer, TestServer];
  /** Until both nodes hold the same revisions of every document (each database, all leaves). */
  replicated(timeoutMs?: number): Promise<void>;
  /**
   * Stop the replication (of every database, or of `db`) until `resume`: writes through each
   * node then stay on it, however long the test takes, so a collision or a node that has not seen
   * a write yet is certain rather than a matter of timing.
   *
   * By default the pause is a node cut off for longer than the settling time: a write settles
   * once COUCHDB_SETTLE_MS has passed, the nodes still apart. `brief` is a copy that lags but
   * catches up within it: a write settles only once resumed and both nodes agree, so two writes
   * can both be made before either node hears of the other, and still be settled as a cluster
   * settles them.
   */
  pause(db?: string, options?: { brief?: boolean }): Promise<void>;
  resume(db?: string): Promise<void>;
  close(): Promise<void>;
}

const quietLog = {
  error() {},
  warn() {},
  info() {},
} as unknown as FastifyBaseLogger;

/**
 * COUCHDB_SETTLE_MS of the two servers. They wait instead until both nodes agree on what was
 * written (`settle` below), however slow the replication is on a busy machine; the time itself
 * passes only while the replication is paused, as it would for a node cut off from a cluster.
 */
export const MULTI_MASTER_SETTLE_MS = 300;

function startReplicator(nodes: [EmbeddedDb, EmbeddedDb]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'replicator-child.ts'), [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      env: {
        ...process.env,
        KEEL_REPLICATE_NODES: JSON.stringify(
          nodes.map(({ url, user, password }) => ({ url, user, password })),
        ),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`replicator exited (${code})`)));
  });
}

async function call<T>(node: EmbeddedDb, pathAndQuery: string): Promise<T> {
  const auth = Buffer.from(`${node.user}:${node.password}`).toString('base64');
  const res = await fetch(node.url + pathAndQuery, { headers: { authorization: `Basic ${auth}` } });
  if (!res.ok) throw new Error(`${pathAndQuery} on ${node.url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Every document's leaves on `node`, as one comparable string per database. */
async function revisions(node: EmbeddedDb): Promise<Map<string, string>> {
  const dbs = (await call<string[]>(node, '/_all_dbs')).filter((db) => !db.startsWith('_'));
  const out = new Map<string, string>();
  for (const db of dbs) {
    const all = await call<{
      rows: { id: string; value: { rev: string }; doc?: { _conflicts?: string[] } }[];
    }>(node, `/${encodeURIComponent(db)}/_all_docs?include_docs=true&conflicts=true`);
    out.set(
      db,
      all.rows
        .map((r) => `${r.id} ${r.value.rev} ${(r.doc?._conflicts ?? []).sort().join(',')}`)
        .join('\n'),
    );
  }
  return out;
}

/**
 * The leaves of `ids` (of every document without) in `db` on `node`, comparable as a string;
 * null when the node cannot say (the database is not there yet).
 */
async function leavesOn(node: EmbeddedDb, db: string, ids?: string[]): Promise<string | null> {
  const auth = Buffer.from(`${node.user}:${node.password}`).toString('base64');
  const url = `${node.url}/${encodeURIComponent(db)}/_all_docs?include_docs=true&conflicts=true`;
  const res = await fetch(url, {
    method: ids ? 'POST' : 'GET',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
    ...(ids ? { body: JSON.stringify({ keys: ids }) } : {}),
  });
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  const { rows } = (await res.json()) as {
    rows: { key: string; value?: { rev: string }; doc?: { _conflicts?: string[] } | null }[];
  };
  return rows
    .map((r) => `${r.key} ${r.value?.rev ?? '-'} ${(r.doc?._conflicts ?? []).sort().join(',')}`)
    .join('\n');
}

export async function startMultiMaster(options: { settleMs?: number } = {}): Promise<MultiMaster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-multi-master-'));
  const nodes = (await Promise.all(
    ['a', 'b'].map((name) => startEmbeddedDb(path.join(root, name), quietLog)),
  )) as [EmbeddedDb, EmbeddedDb];
  const replicator = await startReplicator(nodes);
  const settleMs = options.settleMs ?? MULTI_MASTER_SETTLE_MS;
  // What is paused (ALL: every database), and whether briefly (see `pause`).
  const paused = new Map<string, { brief: boolean }>();
  const ALL = '*';
  const pauseOf = (db: string) => paused.get(ALL) ?? paused.get(db);
  /**
   * What COUCHDB_SETTLE_MS stands for, made exact: until both nodes hold the same revisions of
   * the documents just written. A write through the other node that is not among them by then
   * can no longer be made (the node has this one, and refuses it). While the replication is
   * paused (a node cut off) the settling time passes as it would on a cluster; while it is
   * paused briefly (a copy lagging), it waits for the resume.
   */
  const settle = async (db: string, ids?: string[]) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const pause = pauseOf(db);
      if (pause && !pause.brief) break;
      if (!pause) {
        const [a, b] = await Promise.all(nodes.map((n) => leavesOn(n, db, ids)));
        if (a !== null && a === b) return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, settleMs));
  };
  const server = (node: EmbeddedDb, name: string) =>
    startTestServer({
      dataDir: path.join(root, `keel-${name}`),
      env: {
        COUCHDB_URL: node.url,
        COUCHDB_USER: node.user,
        COUCHDB_PASSWORD: node.password,
        COUCHDB_SETTLE_MS: String(settleMs),
        KEEL_APP_DB: 'keel_app',
      },
      settle,
    });
  // Both at once: their first boot races to generate the shared secrets, as two instances
  // started together on an empty cluster do.
  const servers = (await Promise.all([server(nodes[0], 'a'), server(nodes[1], 'b')])) as [
    TestServer,
    TestServer,
  ];

  const replicated = async (timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [a, b] = await Promise.all([revisions(nodes[0]), revisions(nodes[1])]);
      const same = a.size === b.size && [...a].every(([db, revs]) => b.get(db) === revs);
      if (same) return;
      if (Date.now() > deadline) throw new Error('the two nodes did not converge');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const setPaused = async (pause: boolean, db?: string, brief = false) => {
    const acknowledged = new Promise<void>((resolve) =>
      replicator.once('message', () => resolve()),
    );
    replicator.send({ pause, db });
    await acknowledged;
    if (pause) paused.set(db ?? ALL, { brief });
    else if (db === undefined) paused.clear();
    else paused.delete(db);
    // A batch already on its way when the replication stopped lands in a moment.
    if (pause) await new Promise((r) => setTimeout(r, 300));
  };

  return {
    nodes,
    servers,
    replicated,
    pause: (db?: string, options: { brief?: boolean } = {}) => setPaused(true, db, options.brief),
    resume: (db?: string) => setPaused(false, db),
    async close() {
      await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
      replicator.kill();
      await Promise.all(nodes.map((n) => n.stop()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
