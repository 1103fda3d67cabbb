import { newActivityDocument, newDocId, type CommentDoc, type IssueDoc } from '@keel/domain';
import type { EditedIssue } from '../issues/save-issue-edits.ts';
import type { WorkspaceSession, WriteOutcome } from '../sync/workspace-session.ts';
import { offerUndo } from './offer-undo.ts';
import { undoEdits } from './undo-edits.ts';

/** A deleted document as it comes back: its content, a new revision over its deletion. */
function revived<T extends IssueDoc | CommentDoc>(doc: T, now: string): T {
  const { _rev: _deletedAt, _revisions: _history, ...content } = doc;
  return { ...content, updatedAt: now } as T;
}

/**
 * Offer to undo deleting an issue: it comes back as it was (the server checks its deletion kept
 * the same number and author, and that the person may still delete it), with a "restored"
 * activity, and its sub-issues go back under it where nobody moved them since.
 */
export function offerUndoOfIssueDeletion(
  session: WorkspaceSession,
  issueKey: string,
  issue: IssueDoc,
  children: readonly EditedIssue[],
): void {
  offerUndo(session.undo, `Deleted ${issueKey}`, async () => {
    const now = new Date().toISOString();
    const restored = await session.write([
      revived(issue, now),
      newActivityDocument({
        id: newDocId('activity'),
        issueId: issue._id,
        actorId: session.userId,
        kind: 'restored',
        from: null,
        to: null,
        now,
      }),
    ]);
    if (!restored.ok || children.length === 0) return restored;
    // Sub-issues someone gave another parent since stay where they are.
    return (await undoEdits(session, children)).outcome;
  });
}

/** Offer to undo deleting a comment: it comes back as it was, its author's still. */
export function offerUndoOfCommentDeletion(session: WorkspaceSession, comment: CommentDoc): void {
  offerUndo(session.undo, 'Deleted a comment', (): Promise<WriteOutcome> =>
    session.write([revived(comment, new Date().toISOString())]),
  );
}
