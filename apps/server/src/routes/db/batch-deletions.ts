import {
  checkDocumentWrite,
  sentDocId,
  tombstoneOf,
  type WorkspaceDoc,
  type WriteBatchContext,
} from '@keel/domain';
import type { CouchClient } from '../../db/couch-client.ts';
import { isBranchPrune } from './conflict-branch.ts';

/** What the server knows of a batch's deletions, and of the deletions it writes over. */

const isDeletion = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && (raw as { _deleted?: unknown })._deleted === true;

/** A prune is that deletion (id and revision), so no other document of the id passes as one. */
export const pruneKey = (id: string, rev: unknown) => `${id}\n${String(rev)}`;

/**
 * The replicated deletions of this batch that a writer may not make as deletions, but that only
 * end one branch of a conflicted document: those are edits (conflict-branch.ts).
 */
export async function branchPrunes(
  couch: CouchClient,
  db: string,
  docs: readonly unknown[],
  stored: ReadonlyMap<string, WorkspaceDoc>,
  context: WriteBatchContext,
): Promise<Set<string>> {
  const prunes = new Set<string>();
  for (const raw of docs) {
    const id = sentDocId(raw);
    const existing = stored.get(id);
    if (!isDeletion(raw) || !existing) continue;
    const ctx = { role: context.role, userId: context.userId, existing, tombstone: null };
    if (checkDocumentWrite(raw, ctx).ok) continue;
    if (await isBranchPrune(raw, ctx, couch, db))
      prunes.add(pruneKey(id, (raw as { _rev?: unknown })._rev));
  }
  return prunes;
}

/**
 * A deletion's body as the server vouches for it, so a restore can be checked against what was
 * really there (decision 010). A bare deletion of a stored issue or comment (an older client)
 * gets the stored document (tombstoneOf); one with a body must keep exactly that, which the
 * domain's check requires. A deletion of what the database never had (created and deleted on a
 * device before it synced) keeps no body: nobody can vouch for it, and a restore over it is an
 * ordinary create.
 */
export function vouchedDeletion(doc: unknown, stored: ReadonlyMap<string, WorkspaceDoc>): unknown {
  if (typeof doc !== 'object' || doc === null) return doc;
  const record = doc as Record<string, unknown>;
  if (record._deleted !== true || typeof record._id !== 'string') return doc;
  const { _id, _rev, _revisions, _deleted, ...body } = record;
  const before = stored.get(_id);
  if (before && Object.keys(body).length > 0) return doc;
  const {
    _rev: _storedRev,
    _deleted: _gone,
    ...kept
  } = before ? (tombstoneOf(before) as Record<string, unknown>) : {};
  return {
    ...kept,
    _id,
    ...(_rev === undefined ? {} : { _rev }),
    ...(_revisions === undefined ? {} : { _revisions }),
    _deleted,
  };
}

/**
 * The bodies of the deletions this batch writes over with content: a deleted issue or comment
 * brought back (an undo) must come back as what was deleted, which its deletion kept
 * (`tombstoneOf`). Rare, so read one by one.
 */
export async function restoredTombstones(
  couch: CouchClient,
  db: string,
  docs: readonly unknown[],
  deletedRevs: ReadonlyMap<string, string>,
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const doc of docs) {
    const id = sentDocId(doc);
    const rev = deletedRevs.get(id);
    if (rev === undefined || isDeletion(doc) || found.has(id)) continue;
    const body = await couch.getRevision<{ _id: string } & Record<string, unknown>>(db, id, rev);
    if (body) found.set(body._id, body);
  }
  return found;
}
