/**
 * The replication between the two nodes of a multi-master test database (multi-master.ts), in a
 * process of its own so it never waits for the test's servers: every database on either node is
 * replicated continuously both ways, and a database created on one node (a new workspace) is
 * created on the other and replicated from then on. A database deleted on one node is deleted on
 * the other, as a cluster would. Like CouchDB's replicator, it copies revisions, so two writes
 * to one document through the two nodes become a conflict on both.
 */
import { createRequire } from 'node:module';

interface Node {
  url: string;
  user: string;
  password: string;
}

interface Replication {
  cancel(): void;
  on(event: 'error', listener: (err: unknown) => void): Replication;
}

interface PouchRemote {
  close(): Promise<void>;
}

interface PouchStatic {
  new (name: string, options: Record<string, unknown>): PouchRemote;
  replicate(
    source: PouchRemote,
    target: PouchRemote,
    options: Record<string, unknown>,
  ): Replication;
}

const PouchDB = createRequire(import.meta.url)('pouchdb-node') as PouchStatic;
const nodes = JSON.parse(process.env.KEEL_REPLICATE_NODES ?? '[]') as [Node, Node];
if (nodes.length !== 2) throw new Error('KEEL_REPLICATE_NODES must name two nodes');
const POLL_MS = 100;

const auth = (node: Node) =>
  `Basic ${Buffer.from(`${node.user}:${node.password}`).toString('base64')}`;

async function call(node: Node, method: string, path: string): Promise<Response> {
  return fetch(node.url + path, { method, headers: { authorization: auth(node) } });
}

async function databases(node: Node): Promise<Set<string>> {
  const res = await call(node, 'GET', '/_all_dbs');
  if (!res.ok) throw new Error(`_all_dbs on ${node.url}: ${res.status}`);
  return new Set(((await res.json()) as string[]).filter((db) => !db.startsWith('_')));
}

const remote = (node: Node, db: string) =>
  new PouchDB(`${node.url}/${encodeURIComponent(db)}`, {
    auth: { username: node.user, password: node.password },
    // Never created by the replicator: a database deleted meanwhile must stay deleted.
    skip_setup: true,
  });

const running = new Map<string, { stop(): void }>();

function replicate(db: string) {
  const [a, b] = [remote(nodes[0], db), remote(nodes[1], db)];
  const options = { live: true, retry: true, batch_size: 100, heartbeat: 10_000 };
  const both = [PouchDB.replicate(a, b, options), PouchDB.replicate(b, a, options)];
  for (const r of both) r.on('error', () => undefined);
  running.set(db, {
    stop() {
      for (const r of both) r.cancel();
      void a.close().catch(() => undefined);
      void b.close().catch(() => undefined);
    },
  });
}

async function watch() {
  const [onA, onB] = await Promise.all([databases(nodes[0]), databases(nodes[1])]);
  for (const db of new Set([...onA, ...onB])) {
    const known = running.has(db);
    if (known && (!onA.has(db) || !onB.has(db))) {
      // Deleted on one node: deleted everywhere.
      running.get(db)!.stop();
      running.delete(db);
      await Promise.all(nodes.map((n) => call(n, 'DELETE', `/${encodeURIComponent(db)}`)));
      continue;
    }
    if (known) continue;
    await Promise.all(
      nodes.map(async (node, i) => {
        if (!(i === 0 ? onA : onB).has(db))
          await (await call(node, 'PUT', `/${encodeURIComponent(db)}`)).body?.cancel();
      }),
    );
    replicate(db);
  }
}

let first = true;
async function loop() {
  try {
    await watch();
    if (first) process.send?.({ ready: true });
    first = false;
  } catch (err) {
    process.stderr.write(`replicator: ${String(err)}\n`);
  }
  setTimeout(() => void loop(), POLL_MS);
}

process.on('disconnect', () => process.exit(0));
void loop();
