import type {
  ActivityDoc,
  IssueDoc,
  ProjectDoc,
  RelationDoc,
  RelationKind,
  WorkspaceDoc,
} from './documents.ts';
import { relationId } from './ids.ts';
import type { IssueBlockSets } from './issue-query.ts';
import { LIMITS } from './limits.ts';
import { isFinished } from './workflow.ts';

/** How an issue relates to the other issue of a relation, seen from it. */
export const RELATION_SIDES = [
  'blocks',
  'blocked-by',
  'relates',
  'duplicates',
  'duplicated-by',
] as const;
export type RelationSide = (typeof RELATION_SIDES)[number];

/** The Relations section's headings, and the choices of "Add relation". */
export const RELATION_SIDE_LABELS: Record<RelationSide, string> = {
  blocks: 'Blocks',
  'blocked-by': 'Blocked by',
  relates: 'Related to',
  duplicates: 'Duplicate of',
  'duplicated-by': 'Duplicated by',
};

/** A relation as one of its issues sees it. */
export function relationSide(
  relation: Pick<RelationDoc, 'kind' | 'fromIssueId' | 'toIssueId'>,
  issueId: string,
): { side: RelationSide; otherId: string } {
  const from = relation.fromIssueId === issueId;
  const otherId = from ? relation.toIssueId : relation.fromIssueId;
  if (relation.kind === 'relates') return { side: 'relates', otherId };
  if (relation.kind === 'blocks') return { side: from ? 'blocks' : 'blocked-by', otherId };
  return { side: from ? 'duplicates' : 'duplicated-by', otherId };
}

/**
 * The relation that makes `issueId` relate to `otherId` as `side` says ("A is blocked by B" is
 * stored as B blocks A), with its one id.
 */
export function newRelation(input: {
  side: RelationSide;
  issueId: string;
  otherId: string;
  createdBy: string;
  now: string;
}): RelationDoc {
  const { side, issueId, otherId } = input;
  const kind: RelationKind =
    side === 'blocked-by' ? 'blocks' : side === 'duplicated-by' ? 'duplicates' : side;
  const reversed = side === 'blocked-by' || side === 'duplicated-by';
  const [fromIssueId, toIssueId] = reversed ? [otherId, issueId] : [issueId, otherId];
  return {
    _id: relationId(kind, fromIssueId, toIssueId),
    type: 'relation',
    fromIssueId,
    toIssueId,
    kind,
    createdBy: input.createdBy,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * One activity record on each of a relation's issues (SPEC §10), saying how it relates to the
 * other: `[side, other issue]`, in `to` when the relation is added and in `from` when removed.
 */
export function relationActivities(
  relation: RelationDoc,
  change: 'added' | 'removed',
  by: { actorId: string; now: string; newActivityId: () => string },
): ActivityDoc[] {
  return [relation.fromIssueId, relation.toIssueId].map((issueId) => {
    const { side, otherId } = relationSide(relation, issueId);
    const value = [side, otherId];
    return {
      _id: by.newActivityId(),
      type: 'activity',
      issueId,
      actorId: by.actorId,
      kind: 'relation',
      from: change === 'removed' ? value : null,
      to: change === 'added' ? value : null,
      createdAt: by.now,
      updatedAt: by.now,
    };
  });
}

export const RELATIONS_LIMIT_MESSAGE = `An issue has at most ${LIMITS.relationsPerIssue} relations`;

/**
 * Whether a relation of `side` between the two may be added: not to itself, not twice, and not
 * past the limit for either issue (checked on the device: the server's rules cannot count them).
 */
export function relationProblem(
  issue: Pick<IssueDoc, '_id'>,
  otherId: string,
  side: RelationSide,
  existing: (id: string) => unknown,
  /** How many relations an issue takes part in now. */
  countOf: (issueId: string) => number = () => 0,
): string | null {
  if (otherId === issue._id) return 'An issue cannot be related to itself';
  if (
    countOf(issue._id) >= LIMITS.relationsPerIssue ||
    countOf(otherId) >= LIMITS.relationsPerIssue
  )
    return RELATIONS_LIMIT_MESSAGE;
  const { _id } = newRelation({ side, issueId: issue._id, otherId, createdBy: '', now: '' });
  return existing(_id) ? 'These issues are related this way already' : null;
}

/**
 * Where marking an issue a duplicate moves it (SPEC §10): its project's first canceled state,
 * unless it is completed or canceled already (a finished issue keeps its state). Null: no move.
 */
export function duplicateStateId(
  issue: Pick<IssueDoc, 'stateId'>,
  project: ProjectDoc,
): string | null {
  if (isFinished(issue, project)) return null;
  return project.states.find((s) => s.category === 'canceled')?.id ?? null;
}

/** The issue a relation of `side` from `issueId` to `otherId` makes a duplicate, if any. */
export function duplicateOf(side: RelationSide, issueId: string, otherId: string): string | null {
  if (side === 'duplicates') return issueId;
  if (side === 'duplicated-by') return otherId;
  return null;
}

/**
 * Which issues are blocked and which are blocking, from the `blocks` relations: one counts while
 * both its issues exist (a deleted issue's relations stay, for its restore) and the blocking
 * issue is not finished, as in Linear, where completing the blocker unblocks.
 */
export function blockSetsOf(
  relations: Iterable<RelationDoc>,
  docOf: (id: string) => WorkspaceDoc | undefined,
): IssueBlockSets {
  const blocked = new Set<string>();
  const blocking = new Set<string>();
  for (const relation of relations) {
    if (relation.kind !== 'blocks') continue;
    const blocker = docOf(relation.fromIssueId);
    if (blocker?.type !== 'issue' || docOf(relation.toIssueId)?.type !== 'issue') continue;
    if (blocker.completedAt !== null || blocker.canceledAt !== null) continue;
    blocked.add(relation.toIssueId);
    blocking.add(relation.fromIssueId);
  }
  return { blocked, blocking };
}

/** How many relations an issue takes part in with issues that exist: what the limit counts. */
export function liveRelationCount(
  relations: readonly RelationDoc[],
  issueId: string,
  docOf: (id: string) => WorkspaceDoc | undefined,
): number {
  return relations.filter((r) => {
    const otherId = r.fromIssueId === issueId ? r.toIssueId : r.fromIssueId;
    return docOf(otherId)?.type === 'issue';
  }).length;
}
