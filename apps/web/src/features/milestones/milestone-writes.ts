import {
  milestonesOf,
  newDocId,
  newMilestoneDocument,
  normalizeText,
  removeMilestoneFromIssues,
  type IssueDoc,
  type MilestoneDoc,
} from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import { keyAfter, moveInOrder } from '../../shared/lib/ordered-docs.ts';

/** What a milestone's form holds: its name and target day (`YYYY-MM-DD`, or empty for none). */
export interface MilestoneDraft {
  name: string;
  targetOn: string;
}

function current(session: WorkspaceSession, id: string): MilestoneDoc | null {
  const doc = session.store.get(id);
  return doc?.type === 'milestone' ? doc : null;
}

const gone: WriteOutcome = { ok: false, message: 'This milestone no longer exists.', errors: [] };

/** A new milestone, last in the project's order. */
export function createMilestone(
  session: WorkspaceSession,
  projectId: string,
  draft: MilestoneDraft,
): Promise<WriteOutcome> {
  const held = milestonesOf(projectId, session.store.list('milestone') as MilestoneDoc[]);
  return session.write([
    newMilestoneDocument({
      id: newDocId('milestone'),
      projectId,
      name: draft.name,
      targetOn: draft.targetOn || null,
      sortOrder: keyAfter(held.at(-1)?.sortOrder ?? null),
      now: new Date().toISOString(),
    }),
  ]);
}

export async function updateMilestone(
  session: WorkspaceSession,
  id: string,
  draft: MilestoneDraft,
): Promise<WriteOutcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const milestone = current(session, id);
    if (!milestone) return null;
    const name = normalizeText(draft.name);
    const targetOn = draft.targetOn || null;
    if (name === milestone.name && targetOn === milestone.targetOn) return null;
    return [{ ...milestone, name, targetOn, updatedAt: new Date().toISOString() }];
  });
}

/**
 * Only a milestone's target day (the roadmap's drag): built over the latest copy, so a rename
 * made meanwhile on another device is kept.
 */
export async function setMilestoneTarget(
  session: WorkspaceSession,
  id: string,
  targetOn: string | null,
): Promise<WriteOutcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const milestone = current(session, id);
    if (!milestone || milestone.targetOn === targetOn) return null;
    return [{ ...milestone, targetOn, updatedAt: new Date().toISOString() }];
  });
}

/** Move a milestone one place earlier (-1) or later (+1) in its project's order. */
export async function moveMilestone(
  session: WorkspaceSession,
  id: string,
  step: -1 | 1,
): Promise<WriteOutcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const milestone = current(session, id);
    if (!milestone) return null;
    const order = milestonesOf(
      milestone.projectId,
      session.store.list('milestone') as MilestoneDoc[],
    );
    const moved = moveInOrder(order, id, step, new Date().toISOString());
    return moved.length ? moved : null;
  });
}

/** Delete a milestone and take its issues out of it, in one write (an activity each). */
export async function deleteMilestone(
  session: WorkspaceSession,
  id: string,
): Promise<WriteOutcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    // Built again on a retry after a conflict: the deletion may have been saved already, and
    // the issues still in the milestone are taken out all the same.
    const milestone = current(session, id);
    const { issues, activities } = removeMilestoneFromIssues(
      id,
      session.store.list('issue') as readonly IssueDoc[],
      {
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      },
    );
    const deletion = milestone
      ? [{ _id: milestone._id, _rev: milestone._rev, _deleted: true }]
      : [];
    const docs = [...deletion, ...issues, ...activities];
    return docs.length ? docs : null;
  });
}
