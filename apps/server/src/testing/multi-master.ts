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
  close(): Promise<void>;
}

const quietLog = {
  error() {},
  warn() {},
  info() {},
} as unknown as FastifyBaseLogger;

/**
 * How long after a write Keel reads it back to see whether it won (COUCHDB_SETTLE_MS): longer
 * than the replication here takes under the tests' load, as a cluster's setting is longer than
 * its nodes take to exchange a write.
 */
export const MULTI_MASTER_SETTLE_MS = 400;

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

export async function startMultiMaster(options: { settleMs?: number } = {}): Promise<MultiMaster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-multi-master-'));
  const nodes = (await Promise.all(
    ['a', 'b'].map((name) => startEmbeddedDb(path.join(root, name), quietLog)),
  )) as [EmbeddedDb, EmbeddedDb];
  const replicator = await startReplicator(nodes);
  const settleMs = String(options.settleMs ?? MULTI_MASTER_SETTLE_MS);
  const server = (node: EmbeddedDb, name: string) =>
    startTestServer({
      dataDir: path.join(root, `keel-${name}`),
      env: {
        COUCHDB_URL: node.url,
        COUCHDB_USER: node.user,
        COUCHDB_PASSWORD: node.password,
        COUCHDB_SETTLE_MS: settleMs,
        KEEL_APP_DB: 'keel_app',
      },
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

  return {
    nodes,
    servers,
    replicated,
    async close() {
      await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
      replicator.kill();
      await Promise.all(nodes.map((n) => n.stop()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
