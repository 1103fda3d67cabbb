import {
  issueReferenceProblem,
  PARENT_IS_DESCENDANT,
  PARENT_IS_SELF,
  PARENT_NOT_FOUND,
  type IssueDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import type { CouchClient } from '../../db/couch-client.ts';

/**
 * SPEC §5 rules about what a document points at, checked on the server for every write: an
 * issue's parent is an issue of the workspace and not itself or below it, its assignee is an
 * active member, its labels exist; a new comment, activity or conflict entry belongs to an
 * existing issue. Only
 * references that change are checked, so an old document is never refused for what happened
 * to others since.
 */
export interface ReferenceProblem {
  path: string;
  message: string;
}

type Doc = Record<string, unknown> & { _id?: unknown; type?: unknown };

/** Ids this batch's documents newly point at; read together with the documents themselves. */
export function referencedIds(docs: unknown[], stored: Map<string, WorkspaceDoc>): string[] {
  const ids = new Set<string>();
  for (const raw of docs) {
    if (typeof raw !== 'object' || raw === null) continue;
    const doc = raw as Doc;
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

const MAX_DEPTH = 1_000;

/** Why a write's references are wrong, or null. `lookup` holds stored and already-accepted docs. */
export async function referenceProblem(
  doc: WorkspaceDoc,
  existing: WorkspaceDoc | null,
  lookup: Map<string, WorkspaceDoc>,
  couch: CouchClient,
  dbName: string,
): Promise<ReferenceProblem | null> {
  if (doc.type === 'issue') {
    const prev = existing?.type === 'issue' ? existing : null;
    if (doc.parentId !== null && doc.parentId !== prev?.parentId) {
      const problem = await parentChainProblem(doc, lookup, couch, dbName);
      if (problem) return { path: 'parentId', message: problem };
    }
    const problem = issueReferenceProblem(doc, prev, (id) => lookup.get(id));
    if (problem) return problem;
  }
  if (
    (doc.type === 'comment' || doc.type === 'activity' || doc.type === 'conflict') &&
    !existing &&
    lookup.get(doc.issueId)?.type !== 'issue'
  )
    return { path: 'issueId', message: 'The issue does not exist' };
  if (doc.type === 'conflict' && !existing && doc.commentId !== null) {
    const comment = lookup.get(doc.commentId);
    if (comment?.type !== 'comment' || comment.issueId !== doc.issueId)
      return { path: 'commentId', message: 'The comment is not one of the issue’s' };
  }
  return null;
}

/** Walk up from the new parent: reaching the issue itself means the change would close a loop. */
async function parentChainProblem(
  issue: IssueDoc,
  lookup: Map<string, WorkspaceDoc>,
  couch: CouchClient,
  dbName: string,
): Promise<string | null> {
  if (issue.parentId === issue._id) return PARENT_IS_SELF;
  let current: string | null = issue.parentId;
  for (let depth = 0; current !== null && depth < MAX_DEPTH; depth++) {
    if (current === issue._id) return PARENT_IS_DESCENDANT;
    let node = lookup.get(current);
    if (!node) {
      node = (await couch.getDoc<WorkspaceDoc & { _id: string }>(dbName, current)) ?? undefined;
      if (node) lookup.set(current, node);
    }
    if (node?.type !== 'issue') return depth === 0 ? PARENT_NOT_FOUND : null;
    current = node.parentId;
  }
  return current === null ? null : PARENT_IS_DESCENDANT;
}
