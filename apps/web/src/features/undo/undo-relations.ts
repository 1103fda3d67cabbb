import type { RelationDoc } from '@keel/domain';
import { addRelation, removeRelation, type RelationWrite } from '../../data/relation-writes.ts';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import { offerUndo } from './offer-undo.ts';
import { undoEdits } from './undo-edits.ts';

const GONE: WriteOutcome = { ok: false, message: 'That relation has changed since.', errors: [] };

/**
 * Offer to undo adding a relation: it is removed again (with its activities) and a duplicate it
 * canceled goes back to its state, unless someone moved it since.
 */
export function offerUndoOfRelationAdded(
  session: WorkspaceSession,
  label: string,
  added: RelationWrite,
): void {
  const { relation, canceled } = added;
  if (!relation) return;
  offerUndo(session.undo, label, async () => {
    const removed = await removeRelation(session, relation._id, relation);
    if (!removed.outcome.ok) return removed.outcome;
    if (!removed.relation) return GONE;
    return canceled ? (await undoEdits(session, [canceled])).outcome : removed.outcome;
  });
}

/**
 * Offer to undo removing a relation: the same relation is added again, without canceling its
 * duplicate a second time (someone may have reopened it since).
 */
export function offerUndoOfRelationRemoved(
  session: WorkspaceSession,
  label: string,
  relation: RelationDoc,
): void {
  offerUndo(session.undo, label, async () => {
    // From its first issue's side, a relation's kind is that side: the same relation comes back.
    const again = await addRelation(
      session,
      relation.fromIssueId,
      relation.toIssueId,
      relation.kind,
      false,
    );
    return again.outcome;
  });
}
