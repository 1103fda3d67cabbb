import {
  duplicateOf,
  duplicateStateId,
  editIssue,
  formatIssueKey,
  liveRelationCount,
  newDocId,
  newRelation,
  relationActivities,
  relationProblem,
  tombstoneOf,
  type RelationDoc,
  type RelationSide,
} from '@keel/domain';
import type { EditedIssue } from './save-issue-edits.ts';
import type { WorkspaceSession, WriteOutcome } from './workspace-session.ts';

const by = (session: WorkspaceSession) => ({
  actorId: session.userId,
  now: new Date().toISOString(),
  newActivityId: () => newDocId('activity'),
});

const has = (session: WorkspaceSession) => (id: string) => session.store.get(id);
const count = (session: WorkspaceSession) => (issueId: string) =>
  liveRelationCount(
    [...session.store.relationsFrom(issueId), ...session.store.relationsTo(issueId)],
    issueId,
    (id) => session.store.get(id),
  );

/** What adding a relation wrote: enough to take it back. */
export interface RelationWrite {
  outcome: WriteOutcome;
  /** The relation added or removed; null when nothing was written. */
  relation: RelationDoc | null;
  /** The duplicate moved to a canceled state with it, if any. */
  canceled: EditedIssue | null;
}

const refusal = (message: string): RelationWrite => ({
  outcome: { ok: false, message, errors: [] },
  relation: null,
  canceled: null,
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
  /** False to bring a relation back without canceling its duplicate again (an undo). */
  cancelDuplicate = true,
): Promise<RelationWrite> {
  const problem = relationProblem({ _id: issueId }, otherId, side, has(session), count(session));
  if (problem) return refusal(problem);
  let refused: string | null = null;
  let relation: RelationDoc | null = null;
  let canceled: EditedIssue | null = null;
  const outcome = await session.update(() => {
    // Built when the write runs: a relation another device added meanwhile is not added twice.
    refused = relationProblem({ _id: issueId }, otherId, side, has(session), count(session));
    if (refused) return null;
    const stamp = by(session);
    relation = newRelation({ side, issueId, otherId, createdBy: session.userId, now: stamp.now });
    const duplicate = cancelDuplicate
      ? canceledDuplicate(session, side, issueId, otherId, stamp)
      : null;
    canceled = duplicate?.edited ?? null;
    return [relation, ...relationActivities(relation, 'added', stamp), ...(duplicate?.docs ?? [])];
  });
  if (refused) return refusal(refused);
  return outcome.ok ? { outcome, relation, canceled } : { outcome, relation: null, canceled: null };
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
): { docs: object[]; edited: EditedIssue } | null {
  const duplicateId = duplicateOf(side, issueId, otherId);
  const duplicate = duplicateId ? session.store.get(duplicateId) : undefined;
  if (duplicate?.type !== 'issue') return null;
  const project = session.store.get(duplicate.projectId);
  if (project?.type !== 'project') return null;
  const stateId = duplicateStateId(duplicate, project);
  const edited = stateId ? editIssue(duplicate, { stateId }, { project, ...stamp }) : null;
  if (!edited || !stateId) return null;
  return {
    docs: [edited.issue, ...edited.activities],
    edited: {
      issueId: duplicate._id,
      key: formatIssueKey(project.key, duplicate.number),
      made: { stateId },
      previous: { stateId: duplicate.stateId },
    },
  };
}

/**
 * Remove a relation, with an activity on each of its issues. With `only`, only that very relation
 * (an undo): not the same pair related again since, by someone else or the other way round.
 */
export async function removeRelation(
  session: WorkspaceSession,
  relationId: string,
  only?: RelationDoc,
): Promise<RelationWrite> {
  let relation: RelationDoc | null = null;
  const outcome = await session.update(() => {
    const held = session.store.get(relationId);
    if (held?.type !== 'relation') return null;
    if (
      only &&
      (held.createdAt !== only.createdAt ||
        held.createdBy !== only.createdBy ||
        held.fromIssueId !== only.fromIssueId)
    )
      return null;
    relation = held;
    return [tombstoneOf(held), ...relationActivities(held, 'removed', by(session))];
  });
  return { outcome, relation: outcome.ok ? relation : null, canceled: null };
}
