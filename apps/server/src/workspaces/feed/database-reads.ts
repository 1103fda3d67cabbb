import { CouchClient } from '../../db/couch-client.ts';
import type { BulkGetDoc, ChangeRow, Seq } from './change-log.ts';

/**
 * The two reads of a workspace database that following it takes: a page of its changes, and the
 * revisions those changes brought. Used by the instance's feed and by a client catching up with
 * it (a longpoll or a change stream), so each is asked of the database one way.
 */

/** Changes after `since` (`style=all_docs`: every leaf), at most `limit`; a failure throws. */
export async function readChanges(
  couch: CouchClient,
  dbName: string,
  since: string,
  limit: number,
  signal?: AbortSignal,
): Promise<{ results: ChangeRow[]; last_seq: Seq }> {
  const res = await couch.request('GET', CouchClient.dbPath(dbName, '/_changes'), {
    query: { style: 'all_docs', since, limit },
    signal,
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`changes read answered ${res.status}`);
  }
  return (await res.json()) as { results: ChangeRow[]; last_seq: Seq };
}

/**
 * Each revision asked for, with its history (`_bulk_get?revs=true`), in the order asked: what
 * PouchDB asks for the changes it is told about. A failure throws.
 */
export async function readRevisions(
  couch: CouchClient,
  dbName: string,
  wanted: readonly { id: string; rev: string }[],
  options: { signal?: AbortSignal; latest?: boolean } = {},
): Promise<(BulkGetDoc | undefined)[]> {
  const res = await couch.request('POST', CouchClient.dbPath(dbName, '/_bulk_get'), {
    query: { revs: true, ...(options.latest ? { latest: true } : {}) },
    body: { docs: wanted },
    signal: options.signal,
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`revisions read answered ${res.status}`);
  }
  const body = (await res.json()) as { results?: { docs: BulkGetDoc[] }[] };
  return wanted.map((_, i) => body.results?.[i]?.docs[0]);
}
