import { revertEdit } from '@keel/domain';
import { saveIssueEdits, type EditedIssue, type SavedEdits } from '../../data/save-issue-edits.ts';
import type { WorkspaceSession } from '../../data/workspace-session.ts';
import { offerUndo } from './offer-undo.ts';

/**
 * Offer to undo edits of one or more issues (a field, a bulk change, a board move): undoing
 * writes each field back in one write, with its activity, where the issue still holds what the
 * edit set.
 */
export function offerUndoOfEdits(
  session: WorkspaceSession,
  label: string,
  changed: readonly EditedIssue[],
): void {
  offerUndo(session.undo, label, async () => {
    const undone = await undoEdits(session, changed);
    if (undone.outcome.ok && undone.changed.length === 0)
      return {
        ok: false,
        message:
          changed.length === 1
            ? `${changed[0]!.key} has changed since.`
            : 'Those issues have changed since.',
        errors: [],
      };
    return undone.outcome;
  });
}

/** Write back what `changed` replaced, where each issue still holds what was set. */
export function undoEdits(
  session: WorkspaceSession,
  changed: readonly EditedIssue[],
): Promise<SavedEdits> {
  const byId = new Map(changed.map((c) => [c.issueId, c]));
  return saveIssueEdits(session, [...byId.keys()], (current) => {
    const change = byId.get(current._id);
    return change ? revertEdit(current, change.made, change.previous) : null;
  });
}
