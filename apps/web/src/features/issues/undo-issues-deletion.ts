import { newActivityDocument, newDocId, type IssueDoc } from '@keel/domain';
import type { WorkspaceSession } from '../sync/workspace-session.ts';
import { offerUndo } from '../undo/offer-undo.ts';
import { undoEdits } from '../undo/undo-edits.ts';
import type { EditedIssue } from './save-issue-edits.ts';

export interface DeletedIssue {
  issue: IssueDoc;
  /** Its sub-issues that stayed, let go of it. */
  children: readonly EditedIssue[];
}

/**
 * Offer to undo deleting several issues at once (from a list's selection), as one change: they
 * all come back in one write, each with its "restored" activity, and their sub-issues go back
 * under them where nobody moved them since. One issue's undo is offerUndoOfIssueDeletion
 * (features/undo/undo-deletion.ts), which this follows.
 */
export function offerUndoOfIssuesDeletion(
  session: WorkspaceSession,
  deleted: readonly DeletedIssue[],
): void {
  offerUndo(session.undo, `Deleted ${deleted.length} issues`, async () => {
    const now = new Date().toISOString();
    const restored = await session.write(
      deleted.flatMap(({ issue }) => [
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
      ]),
    );
    const children = deleted.flatMap((d) => d.children);
    if (!restored.ok || children.length === 0) return restored;
    return (await undoEdits(session, children)).outcome;
  });
}

/** A deleted issue as it comes back: its content, a new revision over its deletion. */
function revived(issue: IssueDoc, now: string): IssueDoc {
  const { _rev: _deletedAt, _revisions: _history, ...content } = issue;
  return { ...content, updatedAt: now } as IssueDoc;
}
