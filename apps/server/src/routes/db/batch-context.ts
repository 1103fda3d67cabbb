import { isDeepStrictEqual } from 'node:util';
import {
  can,
  LIMITS,
  typeOfId,
  type CatalogDoc,
  type CatalogType,
  type WorkspaceDoc,
  type WorkspaceLookup,
  type WriteBatchContext,
} from '@keel/domain';
import type { CouchClient } from '../../db/couch-client.ts';
import type { WorkspaceAccess } from '../../workspaces/access.ts';
import { branchPrunes, pruneKey, restoredTombstones, vouchedDeletion } from './batch-deletions.ts';
import type { ReservedBlocks } from './number-rules.ts';

/**
 * Everything the domain's write rules read about one `_bulk_docs` batch, read from the database
 * before the rules run, so they run synchronously and the same on the server as in the browser.
 */
export interface LoadedBatch {
  /** The batch as sent, with each bare deletion's body filled in as the server vouches for it. */
  docs: unknown[];
  /** Replicated revisions the database holds already, with the same content: nothing to do. */
  repeated: ReadonlySet<number>;
  context: WriteBatchContext;
  /** The workspace before this batch: its documents, what they point at, and lists of a kind. */
  before: WorkspaceLookup;
}

type Doc = Record<string, unknown> & { _id?: unknown; type?: unknown };

const asDoc = (raw: unknown): Doc | null =>
  typeof raw === 'object' && raw !== null ? (raw as Doc) : null;
const idOf = (raw: unknown) => {
  const id = asDoc(raw)?._id;
  return typeof id === 'string' ? id : '';
};

export async function loadBatch(
  couch: CouchClient,
  access: WorkspaceAccess,
  sent: readonly unknown[],
  replicated: boolean,
  numbers: ReservedBlocks,
): Promise<LoadedBatch> {
  const db = access.workspace.dbName;
  const { stored, deletedRevs } = await readBatchDocuments(couch, db, sent);
  const tombstones = await restoredTombstones(couch, db, sent, deletedRevs);
  const docs = sent.map((doc) => vouchedDeletion(doc, stored));

  const known = new Map(stored);
  // A role that may change no issue or comment (a viewer: their read marker only) has every
  // other document refused at admission, before any rule reads the workspace: nothing to load.
  const reads = can(access.role, 'issue:edit') || can(access.role, 'comment:create') ? docs : [];
  const references = referencedIds(reads, stored).filter((id) => !stored.has(id));
  if (references.length)
    for (const row of await couch.allDocs<WorkspaceDoc>(db, {
      keys: references,
      include_docs: true,
    }))
      if (row.doc) known.set(row.id, row.doc);
  await readAncestors(couch, db, reads, stored, known);

  const catalogs = new Map<CatalogType, WorkspaceDoc[]>();
  for (const type of neededCatalogs(reads, stored))
    catalogs.set(
      type,
      (await couch.docsWithPrefix<WorkspaceDoc>(db, `${type}:`)).filter((d) => d.type === type),
    );

  const held = await heldNumbers(reads, stored, numbers);
  const context: WriteBatchContext = {
    role: access.role,
    userId: access.userId,
    replicated,
    tombstone: (id) => tombstones.get(id) ?? null,
    numberReserved: (projectId, number) => held.has(`${projectId}\n${number}`),
  };
  const before: WorkspaceLookup = {
    get: (id) => known.get(id),
    all: <T extends CatalogType>(type: T) => {
      const list = catalogs.get(type);
      // Read only for batches that create a project or write a label: a rule that
      // asks otherwise would silently see an empty workspace.
      if (!list) throw new Error(`The ${type} list was not read for this batch`);
      return list as CatalogDoc<T>[];
    },
  };
  const prunes = replicated ? await branchPrunes(couch, db, docs, stored, context) : new Set();
  context.prunesBranch = (id, rev) => prunes.has(pruneKey(id, rev));

  const repeated = new Set<number>();
  if (replicated)
    docs.forEach((doc, index) => {
      // One over the size limit is refused like any other, even if held already.
      if (Buffer.byteLength(JSON.stringify(doc) ?? '') > LIMITS.documentBytes) return;
      if (heldAlready(doc, stored.get(idOf(doc)))) repeated.add(index);
    });
  return { docs, repeated, context, before };
}

/**
 * The batch's documents as stored (and the revisions of those deleted), with each new issue's
 * project, in one `_all_docs` read.
 */
async function readBatchDocuments(couch: CouchClient, db: string, docs: readonly unknown[]) {
  const ids = docs.map(idOf).filter((id) => typeOfId(id) !== null);
  const projectIds = docs.flatMap((raw) => {
    const doc = asDoc(raw);
    return doc?.type === 'issue' &&
      typeof doc.projectId === 'string' &&
      typeOfId(doc.projectId) === 'project'
      ? [doc.projectId]
      : [];
  });
  const keys = [...new Set([...ids, ...projectIds])];
  const stored = new Map<string, WorkspaceDoc>();
  const deletedRevs = new Map<string, string>();
  if (keys.length)
    for (const row of await couch.allDocs<WorkspaceDoc>(db, { keys, include_docs: true })) {
      if (row.doc) stored.set(row.id, row.doc);
      else if (row.value?.deleted) deletedRevs.set(row.id, row.value.rev);
    }
  return { stored, deletedRevs };
}

/** Ids this batch's documents newly point at: parents, assignees, labels, issues, comments. */
export function referencedIds(docs: unknown[], stored: Map<string, WorkspaceDoc>): string[] {
  const ids = new Set<string>();
  for (const raw of docs) {
    const doc = asDoc(raw);
    if (!doc) continue;
    const before = typeof doc._id === 'string' ? stored.get(doc._id) : undefined;
    if (doc.type === 'issue') {
      const prev = before?.type === 'issue' ? before : undefined;
      if (typeof doc.parentId === 'string' && doc.parentId !== prev?.parentId)
        ids.add(doc.parentId);
      if (typeof doc.assigneeId === 'string' && doc.assigneeId !== prev?.assigneeId)
        ids.add(`member:${doc.assigneeId}`);
      if (Array.isArray(doc.labelIds))
        for (const label of doc.labelIds)
          if (typeof label === 'string' && !prev?.labelIds.includes(label)) ids.add(label);
    }
    if (
      (doc.type === 'comment' || doc.type === 'activity' || doc.type === 'conflict') &&
      !before &&
      typeof doc.issueId === 'string'
    )
      ids.add(doc.issueId);
    if (doc.type === 'conflict' && !before && typeof doc.commentId === 'string')
      ids.add(doc.commentId);
  }
  return [...ids];
}

/** As far as the domain's parent rule walks (its MAX_DEPTH). */
const MAX_DEPTH = 1_000;

/**
 * The stored ancestors of every new parent in the batch, so the parent rule can walk up from it
 * to the top (or to the issue itself: a loop). Batch documents are followed too, as the rule
 * sees those accepted before; their ids are read only when stored.
 */
async function readAncestors(
  couch: CouchClient,
  db: string,
  docs: readonly unknown[],
  stored: ReadonlyMap<string, WorkspaceDoc>,
  known: Map<string, WorkspaceDoc>,
): Promise<void> {
  const batchParents = new Map<string, string>();
  const queue: [string, number][] = [];
  for (const raw of docs) {
    const doc = asDoc(raw);
    if (doc?.type !== 'issue' || typeof doc._id !== 'string') continue;
    if (typeof doc.parentId !== 'string') continue;
    batchParents.set(doc._id, doc.parentId);
    const before = stored.get(doc._id);
    if (doc.parentId !== (before?.type === 'issue' ? before.parentId : undefined))
      queue.push([doc.parentId, 0]);
  }
  // The least depth each issue was reached at: reached first from deep down, it is walked again
  // from a shallower start, so every chain is read as far as the rule may walk it.
  const seen = new Map<string, number>();
  while (queue.length) {
    const [id, depth] = queue.pop()!;
    if ((seen.get(id) ?? MAX_DEPTH) <= depth || depth >= MAX_DEPTH) continue;
    seen.set(id, depth);
    let node = known.get(id);
    if (!node && !batchParents.has(id)) {
      node = (await couch.getDoc<WorkspaceDoc & { _id: string }>(db, id)) ?? undefined;
      if (node) known.set(id, node);
    }
    if (node?.type === 'issue' && node.parentId !== null) queue.push([node.parentId, depth + 1]);
    const batchParent = batchParents.get(id);
    if (batchParent !== undefined) queue.push([batchParent, depth + 1]);
  }
}

/** Which lists this batch needs: only for creations of projects, and for labels written. */
function neededCatalogs(docs: readonly unknown[], stored: Map<string, WorkspaceDoc>) {
  const needed = new Set<CatalogType>();
  for (const raw of docs) {
    const doc = asDoc(raw);
    if (!doc || typeof doc._id !== 'string') continue;
    const before = stored.get(doc._id);
    if (doc.type === 'project' && !before) needed.add('project');
    // Any label written: which renames the rule looks at is the domain's to say (it compares
    // names as parsed), and label writes are rare.
    if (doc.type === 'label' && doc._deleted !== true) needed.add('label');
  }
  return needed;
}

/** Whether each new issue's number was reserved for its writer: read once per block. */
async function heldNumbers(
  docs: readonly unknown[],
  stored: ReadonlyMap<string, WorkspaceDoc>,
  numbers: ReservedBlocks,
): Promise<Set<string>> {
  const asked = docs.flatMap((raw) => {
    const doc = asDoc(raw);
    if (doc?.type !== 'issue' || typeof doc._id !== 'string' || stored.has(doc._id)) return [];
    const { projectId, number } = doc;
    return typeof projectId === 'string' && typeof number === 'number'
      ? [{ projectId, number }]
      : [];
  });
  const held = new Set<string>();
  await Promise.all(
    asked.map(async ({ projectId, number }) => {
      if (await numbers(projectId, number)) held.add(`${projectId}\n${number}`);
    }),
  );
  return held;
}

/**
 * A replicated revision (new_edits=false) the database holds already, with the same content:
 * two tabs share one replica and each tab's replication pushes it, so the second push repeats
 * the first. Checked as a change, an activity record was refused as an edit of an immutable
 * record: a refusal the browser then had to fetch and compare only to find nothing to undo.
 * Different content under the same revision is checked (and refused) like any other write.
 */
function heldAlready(doc: unknown, held: WorkspaceDoc | undefined): boolean {
  if (!held || typeof doc !== 'object' || doc === null) return false;
  const { _rev: rev, _revisions: _history, ...content } = doc as Record<string, unknown>;
  const { _rev: heldRev, ...heldContent } = held as unknown as Record<string, unknown>;
  return rev === heldRev && isDeepStrictEqual(content, heldContent);
}
