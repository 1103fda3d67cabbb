import { checkDocumentWrite, type WorkspaceDoc, type WriteContext } from '@keel/domain';
import { CouchClient } from '../../db/couch-client.ts';

/**
 * A replicated deletion that only removes one of a document's conflicting versions (a device
 * settling a concurrent edit: keep the merge, drop the other branch) leaves the document alive.
 * That is an edit, not a deletion: it needs the right to edit the document, where deleting an
 * issue would need `issue:delete`.
 */
function parentRevision(doc: Record<string, unknown>): string | null {
  const revisions = doc._revisions as { start?: unknown; ids?: unknown } | undefined;
  if (!revisions || typeof revisions.start !== 'number' || !Array.isArray(revisions.ids))
    return null;
  const parent = revisions.ids[1];
  return typeof parent === 'string' ? `${revisions.start - 1}-${parent}` : null;
}

/** The document's live versions in the database: its winner and its conflicts. */
async function liveRevisions(couch: CouchClient, dbName: string, id: string): Promise<string[]> {
  const res = await couch.request('GET', CouchClient.dbPath(dbName, `/${encodeURIComponent(id)}`), {
    query: { conflicts: true },
  });
  if (!res.ok) {
    await res.body?.cancel();
    return [];
  }
  const doc = (await res.json()) as { _rev?: string; _conflicts?: string[] };
  return [...(doc._rev ? [doc._rev] : []), ...(doc._conflicts ?? [])];
}

/** Whether this replicated deletion only prunes a branch that a writer allowed to edit may drop. */
export async function isBranchPrune(
  raw: unknown,
  ctx: WriteContext,
  couch: CouchClient,
  dbName: string,
): Promise<boolean> {
  if (typeof raw !== 'object' || raw === null || !ctx.existing) return false;
  const doc = raw as Record<string, unknown>;
  if (doc._deleted !== true || typeof doc._id !== 'string') return false;
  const parent = parentRevision(doc);
  if (!parent) return false;
  const live = await liveRevisions(couch, dbName, doc._id);
  // Something else stays alive after this branch ends: the document is not deleted.
  if (!live.some((rev) => rev !== parent)) return false;
  const existing: WorkspaceDoc = ctx.existing;
  return checkDocumentWrite({ ...existing }, ctx).ok;
}
