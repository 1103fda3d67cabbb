import {
  newDocId,
  newLabelDocument,
  normalizeText,
  removeLabelFromIssues,
  type IssueDoc,
  type LabelDoc,
} from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import type { LabelDraft } from './label-draft.ts';

function current(session: WorkspaceSession, id: string): LabelDoc | null {
  const doc = session.store.get(id);
  return doc?.type === 'label' ? doc : null;
}

export function createLabel(session: WorkspaceSession, draft: LabelDraft): Promise<WriteOutcome> {
  return session.write([
    newLabelDocument({
      id: newDocId('label'),
      name: draft.name,
      color: draft.color,
      createdBy: session.userId,
      now: new Date().toISOString(),
    }),
  ]);
}

export function updateLabel(
  session: WorkspaceSession,
  id: string,
  draft: LabelDraft,
): Promise<WriteOutcome> {
  return session.update(() => {
    const label = current(session, id);
    if (!label) return null;
    const name = normalizeText(draft.name);
    if (name === label.name && draft.color === label.color) return null;
    return [{ ...label, name, color: draft.color, updatedAt: new Date().toISOString() }];
  });
}

/**
 * Delete a label and take it off every issue carrying it, in one bulk write with one labels
 * activity per issue, so no issue is left pointing at a label that no longer exists.
 */
export function deleteLabel(session: WorkspaceSession, id: string): Promise<WriteOutcome> {
  return session.update(() => {
    const label = current(session, id);
    if (!label) return null;
    const { issues, activities } = removeLabelFromIssues(
      id,
      session.store.list('issue') as readonly IssueDoc[],
      {
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      },
    );
    return [{ _id: label._id, _rev: label._rev, _deleted: true }, ...issues, ...activities];
  });
}
