import {
  newDocId,
  newRelation,
  relationActivities,
  relationProblem,
  tombstoneOf,
  type RelationSide,
} from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';

const by = (session: WorkspaceSession) => ({
  actorId: session.userId,
  now: new Date().toISOString(),
  newActivityId: () => newDocId('activity'),
});

/**
 * Relate `issueId` to `otherId` as `side` says, with an activity on each of the two (SPEC §10).
 * Refused before anything is written when the issue would relate to itself, or already does.
 */
export async function addRelation(
  session: WorkspaceSession,
  issueId: string,
  otherId: string,
  side: RelationSide,
): Promise<WriteOutcome> {
  const problem = relationProblem({ _id: issueId }, otherId, side, (id) => session.store.get(id));
  if (problem) return { ok: false, message: problem, errors: [] };
  return session.update(() => {
    // Built when the write runs: a relation another device added meanwhile is not added twice.
    if (relationProblem({ _id: issueId }, otherId, side, (id) => session.store.get(id)))
      return null;
    const relation = newRelation({
      side,
      issueId,
      otherId,
      createdBy: session.userId,
      now: new Date().toISOString(),
    });
    return [relation, ...relationActivities(relation, 'added', by(session))];
  });
}

/** Remove a relation, with an activity on each of its issues. */
export async function removeRelation(
  session: WorkspaceSession,
  relationId: string,
): Promise<WriteOutcome> {
  return session.update(() => {
    const relation = session.store.get(relationId);
    if (relation?.type !== 'relation') return null;
    return [tombstoneOf(relation), ...relationActivities(relation, 'removed', by(session))];
  });
}
