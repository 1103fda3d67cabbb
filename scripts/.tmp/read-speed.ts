import { startEmbeddedDb } from '../../apps/server/src/db/embedded-db.ts';
import { CouchClient } from '../../apps/server/src/db/couch-client.ts';
const log = { error: console.error, warn() {}, info() {} } as never;
const db = await startEmbeddedDb(process.argv[2]!, log);
const couch = new CouchClient(db);
const all = (await couch.json<{ rows: { id: string }[] }>('GET', '/_all_dbs')) as unknown as string[];
const name = all.find((n) => n.startsWith('ws-') || n.includes('demo')) ?? all.at(-1)!;
console.log('dbs', all, 'using', name);
const P = Number(process.env.PAGE ?? 5000);
let t = Date.now(); let n = 0; let bytes = 0; let since: string | number = 0;
for (;;) {
  const res = await couch.request('GET', `/${name}/_changes`, { query: { include_docs: true, limit: P, since, style: 'all_docs' } });
  const text = await res.text(); bytes += text.length;
  const page = JSON.parse(text) as { results: unknown[]; last_seq: string | number };
  n += page.results.length; since = page.last_seq;
  if (page.results.length < P) break;
  if (process.env.MAX && n >= Number(process.env.MAX)) break;
}
console.log('_changes', n, 'docs', ((Date.now() - t) / 1000).toFixed(1), 's', (bytes / 1e6).toFixed(0), 'MB');
t = Date.now(); n = 0; bytes = 0; let startkey: string | undefined;
for (;;) {
  const q: Record<string, string | number | boolean> = { include_docs: true, limit: P + (startkey ? 1 : 0) };
  if (startkey) q.startkey = JSON.stringify(startkey);
  const res = await couch.request('GET', `/${name}/_all_docs`, { query: q });
  const text = await res.text(); bytes += text.length;
  const page = JSON.parse(text) as { rows: { id: string }[] };
  const rows = startkey ? page.rows.slice(1) : page.rows;
  n += rows.length;
  if (rows.length < P) break;
  startkey = rows.at(-1)!.id;
  if (process.env.MAX && n >= Number(process.env.MAX)) break;
}
console.log('_all_docs', n, 'docs', ((Date.now() - t) / 1000).toFixed(1), 's', (bytes / 1e6).toFixed(0), 'MB');
await db.stop();
