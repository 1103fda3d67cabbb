import { restoresDeleted } from '../document-rules.ts';
import type { WorkspaceDoc } from '../documents.ts';
import { typeOfId } from '../ids.ts';
import { admit, idOf } from './admission.ts';
import { WRITE_RULES } from './rules.ts';
import type {
  CatalogDoc,
  CatalogType,
  DocumentVerdict,
  WorkspaceLookup,
  WriteBatchContext,
  WriteRule,
} from './types.ts';

// What a document may point at is checked first: a batch pushed after working offline can hold
// a new label, cycle or milestone and, before it, the issue put in it, or a new view and its
// favourite (PouchDB does not keep the order).
const CHECK_RANK: Record<string, number> = {
  project: 0,
  member: 1,
  label: 2,
  cycle: 2,
  milestone: 2,
  issue: 3,
  view: 3,
};

/**
 * Indexes of the batch in the order they are checked: by kind (deletions too), an issue after
 * its parent when both are in the batch (an undo that restores an issue and its sub-issue), else
 * as sent.
 */
function checkingOrder(docs: readonly unknown[]): number[] {
  const rank = (doc: unknown) => CHECK_RANK[typeOfId(idOf(doc)) ?? ''] ?? 4;
  const depth = parentDepths(docs);
  return docs
    .map((_, index) => index)
    .sort(
      (a, b) => rank(docs[a]) - rank(docs[b]) || (depth.get(a) ?? 0) - (depth.get(b) ?? 0) || a - b,
    );
}

/** For each issue of the batch, how many of its ancestors are in the batch too. */
function parentDepths(docs: readonly unknown[]): Map<number, number> {
  const parentOf = new Map<string, string | null>();
  docs.forEach((doc) => {
    const { type, parentId } = (doc ?? {}) as { type?: unknown; parentId?: unknown };
    if (type === 'issue') parentOf.set(idOf(doc), typeof parentId === 'string' ? parentId : null);
  });
  const depths = new Map<number, number>();
  docs.forEach((doc, index) => {
    let depth = 0;
    // Bounded by the batch: a loop among its documents is the parent rule's to refuse.
    let at = parentOf.get(idOf(doc)) ?? null;
    while (at !== null && parentOf.has(at) && depth < docs.length) {
      depth++;
      at = parentOf.get(at) ?? null;
    }
    if (depth > 0) depths.set(index, depth);
  });
  return depths;
}

/**
 * The workspace as a batch's later documents see it: what was there, with the documents already
 * accepted on top (a project and its first issue), and without the ones deleted in lists of a
 * kind (a deleted label frees its name). A document deleted in the batch is still found by id:
 * a device that edited an issue offline and then deleted it pushes the edits' activity records
 * with the deletion, and those are history, not references to refuse.
 */
function batchView(before: WorkspaceLookup) {
  const accepted = new Map<string, WorkspaceDoc>();
  const deleted = new Set<string>();
  const lookup: WorkspaceLookup = {
    get: (id) => accepted.get(id) ?? before.get(id),
    all: <T extends CatalogType>(type: T) => {
      const listed: readonly WorkspaceDoc[] = before.all(type);
      const kept = listed.filter((d) => !deleted.has(d._id) && !accepted.has(d._id));
      const added = [...accepted.values()].filter((d) => d.type === type && !deleted.has(d._id));
      // Only documents of `type` are listed, from `before.all(type)` or accepted as that type.
      return (added.length ? [...kept, ...added] : kept) as CatalogDoc<T>[];
    },
  };
  return {
    lookup,
    accept(doc: WorkspaceDoc) {
      accepted.set(doc._id, doc);
      deleted.delete(doc._id);
    },
    delete: (id: string) => deleted.add(id),
  };
}

const ORPHANED = 'The change this records to its issue was not saved';

/**
 * A new activity record describes a change to its issue; when that change was refused in the
 * same batch, the record would describe something that never happened, so it is refused too.
 */
function refuseOrphanedActivity(verdicts: DocumentVerdict[], before: WorkspaceLookup): void {
  const refused = new Set(
    verdicts.flatMap((v) => (!v.ok && typeOfId(v.id) === 'issue' ? [v.id] : [])),
  );
  if (refused.size === 0) return;
  verdicts.forEach((verdict, index) => {
    const doc = verdict.ok ? verdict.doc : null;
    if (doc?.type !== 'activity' || before.get(doc._id) || !refused.has(doc.issueId)) return;
    verdicts[index] = {
      ok: false,
      id: doc._id,
      rule: 'activity-of-refused-change',
      code: 'VALIDATION_FAILED',
      reason: ORPHANED,
      errors: [{ path: 'issueId', message: ORPHANED }],
    };
  });
}

/**
 * Check one batch of documents written to a workspace: each is admitted (size, revision, shape
 * and role), then passes `rules` in order, against the workspace as `before` holds it plus the
 * batch's documents accepted so far. Returns one verdict per document, in the batch's order;
 * what to do with a refusal (refuse the document, or the whole batch) is the caller's.
 */
export function checkWorkspaceWrite(
  docs: readonly unknown[],
  context: WriteBatchContext,
  before: WorkspaceLookup,
  rules: readonly WriteRule[] = WRITE_RULES,
): DocumentVerdict[] {
  const view = batchView(before);
  const verdicts: DocumentVerdict[] = new Array<DocumentVerdict>(docs.length);
  for (const index of checkingOrder(docs)) {
    const raw = docs[index];
    const admitted = admit(raw, context, before);
    verdicts[index] = admitted;
    if (!admitted.ok) continue;
    if (!admitted.doc) {
      view.delete(idOf(raw));
      continue;
    }
    const doc = admitted.doc;
    const existing = before.get(doc._id) ?? null;
    const write = {
      doc,
      existing,
      restore: !existing && restoresDeleted(doc, context.tombstone(doc._id)),
    };
    for (const rule of rules) {
      if (!rule.appliesTo(write)) continue;
      const problem = rule.check(write, context, view.lookup);
      if (!problem) continue;
      verdicts[index] = {
        ok: false,
        id: doc._id,
        rule: rule.name,
        code: problem.code ?? 'VALIDATION_FAILED',
        reason: problem.message,
        errors: [{ path: problem.path, message: problem.message }],
      };
      break;
    }
    if (verdicts[index]!.ok) view.accept(doc);
  }
  refuseOrphanedActivity(verdicts, before);
  return verdicts;
}
