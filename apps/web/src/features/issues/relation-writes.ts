import {
  duplicateOf,
  duplicateStateId,
  editIssue,
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

const has = (session: WorkspaceSession) => (id: string) => session.store.get(id);
const count = (session: WorkspaceSession) => (issueId: string) =>
  session.store.relationsFrom(issueId).length + session.store.relationsTo(issueId).length;

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
  const problem = relationProblem({ _id: issueId }, otherId, side, has(session), count(session));
  if (problem) return { ok: false, message: problem, errors: [] };
  return session.update(() => {
    // Built when the write runs: a relation another device added meanwhile is not added twice.
    if (relationProblem({ _id: issueId }, otherId, side, has(session), count(session))) return null;
    const stamp = by(session);
    const relation = newRelation({
      side,
      issueId,
      otherId,
      createdBy: session.userId,
      now: stamp.now,
    });
    return [
      relation,
      ...relationActivities(relation, 'added', stamp),
      ...canceledDuplicate(session, side, issueId, otherId, stamp),
    ];
  });
}

/**
 * Marking an issue a duplicate moves it to its project's canceled state (SPEC §10), with the
 * state's activity, in the same write as the relation.
 */
function canceledDuplicate(
  session: WorkspaceSession,
  side: RelationSide,
  issueId: string,
  otherId: string,
  stamp: ReturnType<typeof by>,
): object[] {
  const duplicateId = duplicateOf(side, issueId, otherId);
  const duplicate = duplicateId ? session.store.get(duplicateId) : undefined;
  if (duplicate?.type !== 'issue') return [];
  const project = session.store.get(duplicate.projectId);
  if (project?.type !== 'project') return [];
  const stateId = duplicateStateId(duplicate, project);
  const edited = stateId ? editIssue(duplicate, { stateId }, { project, ...stamp }) : null;
  return edited ? [edited.issue, ...edited.activities] : [];
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
