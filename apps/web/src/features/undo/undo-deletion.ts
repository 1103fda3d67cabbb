import {
  type CommentDoc,
  editIssue,
  type IssueDoc,
  newActivityDocument,
  newDocId,
  revertEdit,
} from '@keel/domain';
import type { EditedIssue } from '../../data/save-issue-edits.ts';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import { offerUndo } from './offer-undo.ts';

const CHANGED_SINCE = 'It has changed since it was deleted.';

/**
 * A deleted document as it comes back: its content, a new revision on top of this page's
 * deletion of it. Null when this page's deletion is unknown; writing on top of it fails if
 * anything was written after it (another device restored or changed it).
 */
function revived<T extends IssueDoc | CommentDoc>(
  session: WorkspaceSession,
  doc: T,
  now: string,
): T | null {
  const deletion = session.deletedRevision(doc._id);
  if (!deletion) return null;
  const { _rev: _before, _revisions: _history, ...content } = doc;
  return { ...content, updatedAt: now, _rev: deletion } as T;
}

const notRestorable = (): WriteOutcome => ({ ok: false, message: CHANGED_SINCE, errors: [] });

/** A write on top of a deletion that something else followed is a conflict: say so plainly. */
const plainly = (outcome: WriteOutcome): WriteOutcome =>
  !outcome.ok && outcome.conflict ? { ...outcome, message: CHANGED_SINCE } : outcome;

export interface DeletedIssue {
  issue: IssueDoc;
  /** Its sub-issues that stayed, let go of it. */
  children: readonly EditedIssue[];
}

/**
 * Offer to undo deleting one or more issues (an issue page, or a list's selection), as one
 * change: each comes back as it was (the server checks its deletion kept it, and that the
 * person may still delete it) with a "restored" activity, and their sub-issues go back under
 * them where nobody moved them since, all in one write.
 */
export function offerUndoOfIssueDeletion(
  session: WorkspaceSession,
  label: string,
  deleted: readonly DeletedIssue[],
): void {
  offerUndo(session.undo, label, async () => {
    const now = new Date().toISOString();
    const back = deleted.map(({ issue }) => revived(session, issue, now));
    if (back.some((doc) => doc === null)) return notRestorable();
    const ctx = { actorId: session.userId, now, newActivityId: () => newDocId('activity') };
    const outcome = await session.update(() => {
      // The issues first: the proxy checks a batch's issues in the order sent, parents first.
      const docs: object[] = back.flatMap((doc) => [
        doc!,
        newActivityDocument({
          id: ctx.newActivityId(),
          issueId: doc!._id,
          actorId: ctx.actorId,
          kind: 'restored',
          from: null,
          to: null,
          now,
        }),
      ]);
      for (const change of deleted.flatMap((d) => d.children)) {
        const child = session.store.get(change.issueId);
        const project = child?.type === 'issue' ? session.store.get(child.projectId) : undefined;
        if (child?.type !== 'issue' || project?.type !== 'project') continue;
        const edited = editIssue(child, revertEdit(child, change.made, change.previous), {
          ...ctx,
          project,
        });
        if (edited) docs.push(edited.issue, ...edited.activities);
      }
      return docs;
    });
    return plainly(outcome);
  });
}

/** Offer to undo deleting a comment: it comes back as it was, its author's still. */
export function offerUndoOfCommentDeletion(session: WorkspaceSession, comment: CommentDoc): void {
  offerUndo(session.undo, 'Deleted a comment', async (): Promise<WriteOutcome> => {
    const back = revived(session, comment, new Date().toISOString());
    return back ? plainly(await session.write([back])) : notRestorable();
  });
}
