import { z } from 'zod';
import type { PushedAhead, Written } from './replica-types.ts';

export type { PushedAhead, Written };

/**
 * Send the page's own writes to the server while the replica's first fill still runs. At 100,000
 * issues the fill writes documents for minutes after the workspace is on screen, and replication
 * only starts once it has ended (replica-bootstrap.ts): without this, a change made meanwhile
 * would reach the other members minutes late.
 *
 * The revisions go up as replication sends them (`new_edits: false`, each with its history), so
 * the server validates them as any pushed revision and the push after the fill finds them there.
 * Nothing here is needed for durability: whatever fails to go up now goes with that push.
 */

type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** What this needs of a PouchDB database: its revisions with their history. */
export interface PushAheadDb {
  bulkGet(options: {
    docs: { id: string; rev: string }[];
    revs: true;
  }): Promise<{ results: { id: string; docs: ({ ok: object } | { error: unknown })[] }[] }>;
}

/** One row of `_bulk_docs`' answer: CouchDB's fields, and Keel's code on a refusal. */
const bulkRow = z.looseObject({
  id: z.string().optional(),
  error: z.string().optional(),
  reason: z.string().optional(),
  code: z.string().optional(),
});
const bulkAnswer = z.array(bulkRow);

/**
 * Push these revisions now. Rejects when the server could not be reached or refused the whole
 * request; a document that failed otherwise is in neither list (the push after the fill sends it).
 */
export async function pushAhead(
  db: PushAheadDb,
  remoteUrl: string,
  fetchRemote: RemoteFetch,
  written: readonly Written[],
): Promise<PushedAhead> {
  const outcome: PushedAhead = { pushed: [], denied: [] };
  if (written.length === 0) return outcome;
  const read = await db.bulkGet({ docs: [...written], revs: true });
  const docs = read.results.flatMap((r) => r.docs.flatMap((d) => ('ok' in d ? [d.ok] : [])));
  if (docs.length === 0) return outcome;
  const res = await fetchRemote(`${remoteUrl}/_bulk_docs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ docs, new_edits: false }),
  });
  if (!res.ok)
    throw Object.assign(new Error(`${res.status} from _bulk_docs`), { status: res.status });
  // With new_edits false CouchDB lists only the documents it did not save; Keel's proxy lists
  // its refusals among them. Every other document sent is saved.
  const rows = bulkAnswer.parse(await res.json());
  const unsaved = new Set(rows.flatMap((row) => (row.error && row.id ? [row.id] : [])));
  for (const row of rows)
    if (row.error === 'forbidden' && row.id)
      outcome.denied.push({
        id: row.id,
        reason: row.reason ?? '',
        ...(row.code ? { code: row.code } : {}),
      });
  for (const doc of docs) {
    const id = (doc as { _id: string })._id;
    if (!unsaved.has(id)) outcome.pushed.push(id);
  }
  return outcome;
}
