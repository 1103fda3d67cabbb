import { startEmbeddedDb } from '../../apps/server/src/db/embedded-db.ts';
import { CouchClient } from '../../apps/server/src/db/couch-client.ts';
const log = { error: console.error, warn() {}, info() {} } as never;
const db = await startEmbeddedDb(process.argv[2]!, log);
const couch = new CouchClient(db);
const all = (await couch.json('GET', '/_all_dbs')) as string[];
const name = all.find((n) => n.startsWith('keel_ws'))!;
for (const type of (process.env.TYPES ?? 'issue').split(',')) {
  const t = Date.now(); let n = 0, bytes = 0;
  for await (const page of couch.pagesWithPrefix<object>(name, `${type}:`)) { n += page.length; bytes += JSON.stringify(page).length; }
  console.log(type, n, ((Date.now() - t) / 1000).toFixed(1), 's', (bytes / 1e6).toFixed(0), 'MB');
}
await db.stop();
