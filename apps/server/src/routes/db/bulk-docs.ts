import { isDeepStrictEqual } from 'node:util';
import {
  checkDocumentWrite,
  errorMessage,
  issueStateProblem,
  labelProblem,
  LIMITS,
  projectProblem,
  restoresDeleted,
  REV_PATTERN,
  tombstoneOf,
  typeOfId,
  type ErrorCode,
  type FieldError,
  type LabelDoc,
  type ProjectDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { BulkResult, CouchClient } from '../../db/couch-client.ts';
import type { WorkspaceAccess } from '../../workspaces/access.ts';
import { issueNumberProblem, type ReservedBlocks } from './number-rules.ts';
import { isBranchPrune } from './conflict-branch.ts';
import { referencedIds, referenceProblem } from './reference-rules.ts';

/** A refused document, in CouchDB's own per-document `_bulk_docs` error shape. */
interface Refusal extends BulkResult {
  id: string;
  error: 'forbidden';
  reason: string;
  code: ErrorCode;
  errors: FieldError[];
}

function refusal(id: string, code: ErrorCode, reason: string, errors: FieldError[] = []): Refusal {
  const title = errorMessage(code);
  // A title with a placeholder (PROJECT_KEY_TAKEN's {key}) comes filled in as the reason itself.
  const whole = reason === title || title.includes('{');
  return {
    id,
    error: 'forbidden',
    reason: whole ? reason : `${title} ${reason}`,
    code,
    errors,
  };
}

/**
 * A replicated revision (`new_edits: false`) must name its revision, and its history must end in
 * it; CouchDB would otherwise refuse the whole request and block that device's sync.
 */
function replicatedRevisionProblem(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return null; // the schema refuses it
  const { _rev, _revisions } = doc as {
    _rev?: unknown;
    _revisions?: { start?: unknown; ids?: unknown[] };
  };
  if (typeof _rev !== 'string' || !REV_PATTERN.test(_rev))
    return 'A replicated document needs its revision';
  if (_revisions === undefined) return null;
  const [start, hash] = _rev.split('-');
  if (
    typeof _revisions !== 'object' ||
    _revisions === null ||
    _revisions.start !== Number(start) ||
    !Array.isArray(_revisions.ids) ||
    _revisions.ids[0] !== hash
  )
    return 'The revision history does not end in the revision';
  return null;
}

interface CrossProblem {
  code: ErrorCode;
  path: string;
  message: string;
}

/**
 * The workspace's projects and labels, read only when a batch creates a project or creates or
 * renames a label (one `_all_docs` prefix read per such type), and kept current as the batch's
 * own documents are accepted, so two documents of one batch cannot collide either.
 */
type Catalogs = { project: Map<string, ProjectDoc>; label: Map<string, LabelDoc> };

/**
 * Rules that need other documents of the workspace: an issue's state must be one of its
 * project's states; a new project's key is unique (PROJECT_KEY_TAKEN); a label's name is unique
 * ignoring case.
 */
function crossDocumentProblem(
  doc: WorkspaceDoc,
  existing: WorkspaceDoc | null,
  lookup: Map<string, WorkspaceDoc>,
  catalogs: Catalogs,
): CrossProblem | null {
  if (doc.type === 'issue') {
    const problem = issueStateProblem(doc, (id) => lookup.get(id));
    if (problem) return { code: 'VALIDATION_FAILED', ...problem };
  }
  if (doc.type === 'project') return projectProblem(doc, existing, [...catalogs.project.values()]);
  if (doc.type === 'label') return labelProblem(doc, existing, [...catalogs.label.values()]);
  return null;
}

/** Which catalogs this batch needs: only creations of projects, creations or renames of labels. */
function neededCatalogs(docs: unknown[], stored: Map<string, WorkspaceDoc>) {
  const needed = new Set<'project' | 'label'>();
  for (const doc of docs) {
    if (typeof doc !== 'object' || doc === null) continue;
    const { _id, type, name } = doc as { _id?: unknown; type?: unknown; name?: unknown };
    if (typeof _id !== 'string') continue;
    const before = stored.get(_id);
    if (type === 'project' && !before) needed.add('project');
    if (type === 'label' && (before?.type !== 'label' || before.name !== name)) needed.add('label');
  }
  return needed;
}

/**
 * A new activity record describes a change to its issue; when that change was refused in the
 * same request, the record would describe something that never happened, so it is refused too
 * (the browser undoes both). Returns the accepted documents still to save; `results` is updated.
 */
function withoutOrphanedActivity(
  docs: unknown[],
  results: (BulkResult | null)[],
  accepted: unknown[],
  stored: Map<string, WorkspaceDoc>,
): unknown[] {
  const refusedIssues = new Set(
    results.flatMap((r) => (r && typeOfId(r.id) === 'issue' ? [r.id] : [])),
  );
  if (refusedIssues.size === 0) return accepted;
  const dropped = new Set<unknown>();
  docs.forEach((doc, index) => {
    if (results[index] !== null || typeof doc !== 'object' || doc === null) return;
    const { _id, type, issueId } = doc as { _id?: unknown; type?: unknown; issueId?: unknown };
    if (type !== 'activity' || typeof _id !== 'string' || stored.has(_id)) return;
    if (!refusedIssues.has(issueId as string)) return;
    const message = 'The change this records to its issue was not saved';
    results[index] = refusal(_id, 'VALIDATION_FAILED', message, [{ path: 'issueId', message }]);
    dropped.add(doc);
  });
  return accepted.filter((doc) => !dropped.has(doc));
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

// What a document may point at is checked first: a batch pushed after working offline can hold
// a new label and, before it, the issue it was added to (PouchDB does not keep the order).
const CHECK_RANK: Record<string, number> = { project: 0, member: 1, label: 2, issue: 3 };

/** Indexes of the batch in the order they are checked: by kind (deletions too), else as sent. */
function checkingOrder(docs: readonly unknown[], idOf: (doc: unknown) => string): number[] {
  const rank = (doc: unknown) => CHECK_RANK[typeOfId(idOf(doc)) ?? ''] ?? 4;
  return docs.map((_, index) => index).sort((a, b) => rank(docs[a]) - rank(docs[b]) || a - b);
}

/**
 * A deletion's body as the server vouches for it, so a restore can be checked against what was
 * really there (decision 010). A bare deletion of a stored issue or comment (an older client)
 * gets the stored document (tombstoneOf); one with a body must keep exactly that, which the
 * domain's check requires. A deletion of what the database never had (created and deleted on a
 * device before it synced) keeps no body: nobody can vouch for it, and a restore over it is an
 * ordinary create.
 */
function vouchedDeletion(doc: unknown, stored: ReadonlyMap<string, WorkspaceDoc>): unknown {
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
async function restoredTombstones(
  couch: CouchClient,
  dbName: string,
  docs: readonly unknown[],
  deletedRevs: ReadonlyMap<string, string>,
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const doc of docs) {
    if (typeof doc !== 'object' || doc === null) continue;
    const { _id, _deleted } = doc as { _id?: unknown; _deleted?: unknown };
    const rev = typeof _id === 'string' ? deletedRevs.get(_id) : undefined;
    if (rev === undefined || _deleted === true || found.has(_id as string)) continue;
    const body = await couch.getRevision<{ _id: string } & Record<string, unknown>>(
      dbName,
      _id as string,
      rev,
    );
    if (body) found.set(body._id, body);
  }
  return found;
}

/**
 * `_bulk_docs` through the proxy: every document is parsed with the domain schema and checked
 * against the role matrix; refused ones get a per-document error and the rest are saved.
 */
export async function validatedBulkDocs(
  couch: CouchClient,
  access: WorkspaceAccess,
  body: unknown,
  numbers: ReservedBlocks,
): Promise<BulkResult[]> {
  if (
    typeof body !== 'object' ||
    body === null ||
    !Array.isArray((body as { docs?: unknown }).docs)
  )
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'docs', message: 'docs must be a list of documents' }],
    });
  const { docs: sent, new_edits } = body as { docs: unknown[]; new_edits?: unknown };
  const newEdits = new_edits !== false;
  if (sent.length > LIMITS.bulkDocsPerRequest) throw new AppError('PAYLOAD_TOO_LARGE');
  const dbName = access.workspace.dbName;
  let docs = sent;

  const idOf = (doc: unknown) =>
    typeof doc === 'object' && doc !== null && typeof (doc as { _id?: unknown })._id === 'string'
      ? (doc as { _id: string })._id
      : '';
  const ids = [...new Set(docs.map(idOf).filter((id) => typeOfId(id) !== null))];
  const projectIds = docs.flatMap((d) => {
    if (typeof d !== 'object' || d === null) return [];
    const { type, projectId } = d as { type?: unknown; projectId?: unknown };
    return type === 'issue' && typeof projectId === 'string' && typeOfId(projectId) === 'project'
      ? [projectId]
      : [];
  });
  const keys = [...new Set([...ids, ...projectIds])];
  const stored = new Map<string, WorkspaceDoc>();
  const deletedRevs = new Map<string, string>();
  if (keys.length) {
    for (const row of await couch.allDocs<WorkspaceDoc>(dbName, { keys, include_docs: true })) {
      if (row.doc) stored.set(row.id, row.doc);
      else if (row.value?.deleted) deletedRevs.set(row.id, row.value.rev);
    }
  }
  const tombstones = await restoredTombstones(couch, dbName, docs, deletedRevs);
  docs = docs.map((doc) => vouchedDeletion(doc, stored));
  // What the documents point at (parents, assignees, labels, issues), read in one more request.
  const references = referencedIds(docs, stored).filter((id) => !stored.has(id));
  const referenced = new Map<string, WorkspaceDoc>();
  if (references.length) {
    for (const row of await couch.allDocs<WorkspaceDoc>(dbName, {
      keys: references,
      include_docs: true,
    }))
      if (row.doc) referenced.set(row.id, row.doc);
  }

  const catalogs: Catalogs = { project: new Map(), label: new Map() };
  for (const type of neededCatalogs(docs, stored))
    for (const doc of await couch.docsWithPrefix<WorkspaceDoc>(dbName, `${type}:`))
      if (doc.type === type) (catalogs[type] as Map<string, WorkspaceDoc>).set(doc._id, doc);

  const results: (BulkResult | null)[] = docs.map(() => null);
  // Accepted without a write: the database holds them already (replicated pushes only).
  const repeated = new Set<number>();
  const lookup = new Map([...referenced, ...stored]);
  for (const index of checkingOrder(docs, idOf)) {
    const doc = docs[index];
    const id = idOf(doc);
    const refuse = (result: BulkResult) => (results[index] = result);
    if (Buffer.byteLength(JSON.stringify(doc) ?? '') > LIMITS.documentBytes) {
      refuse(refusal(id, 'PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE')));
      continue;
    }
    if (!newEdits && heldAlready(doc, stored.get(id))) {
      repeated.add(index);
      continue;
    }
    const protocolProblem = newEdits ? null : replicatedRevisionProblem(doc);
    if (protocolProblem) {
      refuse(
        refusal(id, 'VALIDATION_FAILED', protocolProblem, [
          { path: '_rev', message: protocolProblem },
        ]),
      );
      continue;
    }
    const ctx = {
      role: access.role,
      userId: access.userId,
      existing: stored.get(id) ?? null,
      tombstone: tombstones.get(id) ?? null,
    };
    let verdict = checkDocumentWrite(doc, ctx);
    if (!verdict.ok && !newEdits && (await isBranchPrune(doc, ctx, couch, dbName)))
      verdict = { ok: true, doc: null };
    if (!verdict.ok) {
      refuse(refusal(id, verdict.code, verdict.reason, verdict.errors));
      continue;
    }
    if (verdict.doc) {
      const problem =
        crossDocumentProblem(verdict.doc, stored.get(id) ?? null, lookup, catalogs) ??
        // A restored issue comes back with the number it had (its deletion kept it).
        (restoresDeleted(verdict.doc, ctx.tombstone)
          ? null
          : await issueNumberProblem(verdict.doc, stored.get(id) ?? null, numbers)) ??
        (await referenceProblem(verdict.doc, stored.get(id) ?? null, lookup, couch, dbName).then(
          (p) => (p ? { code: 'VALIDATION_FAILED' as const, ...p } : null),
        ));
      if (problem) {
        refuse(
          refusal(id, problem.code, problem.message, [
            { path: problem.path, message: problem.message },
          ]),
        );
        continue;
      }
      // Documents checked later may refer to this one (a project and its first issue).
      lookup.set(id, verdict.doc);
      if (verdict.doc.type === 'project') catalogs.project.set(id, verdict.doc);
      if (verdict.doc.type === 'label') catalogs.label.set(id, verdict.doc);
    } else {
      // An accepted deletion frees its key or name for later documents of the batch.
      catalogs.project.delete(id);
      catalogs.label.delete(id);
    }
  }

  const accepted = withoutOrphanedActivity(
    docs,
    results,
    docs.filter((_, index) => results[index] === null && !repeated.has(index)),
    stored,
  );
  const saved = accepted.length ? await couch.bulkDocs(dbName, accepted, newEdits) : [];
  if (!newEdits) return [...results.filter((r): r is BulkResult => r !== null), ...saved];
  // With new_edits, CouchDB answers one row per document in order; keep the client's order.
  let next = 0;
  return results.map(
    (r) => r ?? saved[next++] ?? { id: '', error: 'unknown_error', reason: 'No result' },
  );
}
