import type { BulkGetDoc, WorkspaceFeed } from '../../workspaces/feed/workspace-feed.ts';

/**
 * Replication requests a client following the feed makes right after each change, answered from
 * the revisions the feed just read, so a change costs the database one read however many clients
 * follow it (issue 22). Each returns null when the feed cannot answer in full: the database does.
 */

/**
 * `_bulk_get` when the feed holds every revision asked for (the documents of the change a client
 * was just told about).
 */
export function bulkGetFromFeed(
  feed: WorkspaceFeed | undefined,
  query: Record<string, string>,
  requestBody: unknown,
): { results: { id: string; docs: BulkGetDoc[] }[] } | null {
  if (!feed || query.revs !== 'true') return null;
  const docs = (requestBody as { docs?: { id?: unknown; rev?: unknown }[] } | null)?.docs;
  if (!Array.isArray(docs) || docs.length === 0) return null;
  const results: { id: string; docs: BulkGetDoc[] }[] = [];
  for (const asked of docs) {
    if (typeof asked.id !== 'string' || typeof asked.rev !== 'string') return null;
    const doc = feed.doc(asked.id, asked.rev);
    if (!doc) return null;
    results.push({ id: asked.id, docs: [doc] });
  }
  return { results };
}

/**
 * `_revs_diff` when every revision asked about is one the feed read from the database: none is
 * missing there. This is the push half of a device echoing what it has just pulled (PouchDB's
 * push replicates every document the device stores, the pulled ones included).
 */
export function revsDiffFromFeed(
  feed: WorkspaceFeed | undefined,
  requestBody: unknown,
): Record<string, never> | null {
  if (!feed || typeof requestBody !== 'object' || requestBody === null) return null;
  const asked = Object.entries(requestBody as Record<string, unknown>);
  if (asked.length === 0) return null;
  for (const [id, revs] of asked) {
    if (!Array.isArray(revs) || revs.length === 0) return null;
    for (const rev of revs) {
      if (typeof rev !== 'string') return null;
      const doc = feed.doc(id, rev);
      if (!doc || !('ok' in doc)) return null;
    }
  }
  return {};
}
