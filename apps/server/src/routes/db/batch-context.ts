import { isDeepStrictEqual } from 'node:util';
import {
  favoritePrefix,
  LIMITS,
  mayCreateType,
  PARENT_CHAIN_MAX,
  readsOfBatch,
  sentDocId,
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

export async function loadBatch(
  couch: CouchClient,
  access: WorkspaceAccess,
  sent: readonly unknown[],
  replicated: boolean,
  numbers: ReservedBlocks,
): Promise<LoadedBatch> {
  const db = access.workspace.dbName;
  // Only documents of types the role may write reach the rules; the rest are refused at
  // admission, so nothing is read for them (a viewer's batch of made-up issues costs nothing).
  const checkable = (doc: unknown) => {
    const type = typeOfId(sentDocId(doc));
    return type !== null && mayCreateType(access.role, type);
  };
  // What the rules could ask for if every document were new: more than they will, read in the
  // same request as the batch's own documents, so most batches cost that one read.
  const guessed = [...readsOfBatch(sent.filter(checkable), () => undefined).ids];
  const { stored, deletedRevs, others } = await readBatchDocuments(couch, db, sent, guessed);
  const tombstones = await restoredTombstones(couch, db, sent, deletedRevs);
  const docs = sent.map((doc) => vouchedDeletion(doc, stored));

  const known = new Map([...others, ...stored]);
  const reads = readsOfBatch(docs.filter(checkable), (id) => stored.get(id));
  const asked = new Set(guessed);
  const references = [...reads.ids].filter((id) => !known.has(id) && !asked.has(id));
  if (references.length)
    for (const row of await couch.allDocs<WorkspaceDoc>(db, {
      keys: references,
      include_docs: true,
    }))
      if (row.doc) known.set(row.id, row.doc);
  await readAncestors(couch, db, docs, reads.ancestorsOf, known);

  const catalogs = new Map<CatalogType, WorkspaceDoc[]>();
  for (const type of reads.lists) {
    // Only the writer's favourites: the rules count one person's (write-rules/types.ts), and
    // a workspace of 1,000 people may hold 100,000.
    const prefix = type === 'favorite' ? favoritePrefix(access.userId) : `${type}:`;
    catalogs.set(
      type,
      (await couch.docsWithPrefix<WorkspaceDoc>(db, prefix)).filter((d) => d.type === type),
    );
  }

  const held = await heldNumbers(reads.numbers, numbers);
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
      if (heldAlready(doc, stored.get(sentDocId(doc)))) repeated.add(index);
    });
  return { docs, repeated, context, before };
}

/**
 * The batch's documents as stored (and the revisions of those deleted), and the documents of
 * `alsoIds` that exist (`others`), in one `_all_docs` read.
 */
async function readBatchDocuments(
  couch: CouchClient,
  db: string,
  docs: readonly unknown[],
  alsoIds: readonly string[],
) {
  const own = new Set(docs.map(sentDocId).filter((id) => typeOfId(id) !== null));
  const keys = [...new Set([...own, ...alsoIds.filter((id) => typeOfId(id) !== null)])];
  const stored = new Map<string, WorkspaceDoc>();
  const others = new Map<string, WorkspaceDoc>();
  const deletedRevs = new Map<string, string>();
  if (keys.length)
    for (const row of await couch.allDocs<WorkspaceDoc>(db, { keys, include_docs: true })) {
      if (!own.has(row.id)) {
        if (row.doc) others.set(row.id, row.doc);
      } else if (row.doc) stored.set(row.id, row.doc);
      else if (row.value?.deleted) deletedRevs.set(row.id, row.value.rev);
    }
  return { stored, deletedRevs, others };
}

/**
 * The stored ancestors of each issue the parent rule walks up from (`from`), so it can walk to
 * the top (or to the issue itself: a loop). Batch documents are followed too, as the rule sees
 * those accepted before; their ids are read only when stored.
 */
async function readAncestors(
  couch: CouchClient,
  db: string,
  docs: readonly unknown[],
  from: ReadonlySet<string>,
  known: Map<string, WorkspaceDoc>,
): Promise<void> {
  const batchParents = new Map<string, string>();
  for (const raw of docs) {
    const doc = asDoc(raw);
    if (doc?.type === 'issue' && typeof doc._id === 'string' && typeof doc.parentId === 'string')
      batchParents.set(doc._id, doc.parentId);
  }
  const queue: [string, number][] = [...from].map((id) => [id, 0]);
  // The least depth each issue was reached at: reached first from deep down, it is walked again
  // from a shallower start, so every chain is read as far as the rule may walk it.
  const seen = new Map<string, number>();
  while (queue.length) {
    const [id, depth] = queue.pop()!;
    if ((seen.get(id) ?? PARENT_CHAIN_MAX) <= depth || depth >= PARENT_CHAIN_MAX) continue;
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

/** Whether each number the rules ask about was reserved for the writer: read once per block. */
async function heldNumbers(
  asked: readonly { projectId: string; number: number }[],
  numbers: ReservedBlocks,
): Promise<Set<string>> {
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
