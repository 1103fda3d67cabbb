import { newActivityDocument, newDocId, type CommentDoc, type IssueDoc } from '@keel/domain';
import type { EditedIssue } from '../issues/save-issue-edits.ts';
import type { WorkspaceSession, WriteOutcome } from '../sync/workspace-session.ts';
import { offerUndo } from './offer-undo.ts';
import { undoEdits } from './undo-edits.ts';

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
    const back = revived(session, issue, now);
    if (!back) return notRestorable();
    const restored = plainly(
      await session.write([
        back,
        newActivityDocument({
          id: newDocId('activity'),
          issueId: issue._id,
          actorId: session.userId,
          kind: 'restored',
          from: null,
          to: null,
          now,
        }),
      ]),
    );
    if (!restored.ok || children.length === 0) return restored;
    // Sub-issues someone gave another parent since stay where they are.
    return (await undoEdits(session, children)).outcome;
  });
}

/** Offer to undo deleting a comment: it comes back as it was, its author's still. */
export function offerUndoOfCommentDeletion(session: WorkspaceSession, comment: CommentDoc): void {
  offerUndo(session.undo, 'Deleted a comment', async (): Promise<WriteOutcome> => {
    const back = revived(session, comment, new Date().toISOString());
    return back ? plainly(await session.write([back])) : notRestorable();
  });
}
