import type { ActivityDoc, IssueDoc, ReadMarkerDoc } from './documents.ts';
import { readMarkerId } from './ids.ts';
import type { WorkflowState } from './workflow.ts';
import { initialState } from './workflow.ts';

/**
 * A new issue with every field at its default (SPEC §3): no priority, assignee, labels,
 * estimate, due date or parent; the creator subscribed. The one place these defaults live.
 */
export function newIssueDocument(input: {
  id: string;
  projectId: string;
  states: readonly WorkflowState[];
  number: number;
  title: string;
  description?: string;
  sortOrder: string;
  createdBy: string;
  now: string;
}): IssueDoc {
  return {
    _id: input.id,
    type: 'issue',
    projectId: input.projectId,
    number: input.number,
    title: input.title,
    description: input.description ?? '',
    stateId: initialState(input.states).id,
    priority: 0,
    assigneeId: null,
    labelIds: [],
    estimate: null,
    dueDate: null,
    parentId: null,
    sortOrder: input.sortOrder,
    createdBy: input.createdBy,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    subscriberIds: [input.createdBy],
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** One activity record (SPEC §3: immutable, one per change of a tracked field). */
export function newActivityDocument(input: {
  id: string;
  issueId: string;
  actorId: string;
  kind: ActivityDoc['kind'];
  from: ActivityDoc['from'];
  to: ActivityDoc['to'];
  now: string;
}): ActivityDoc {
  return {
    _id: input.id,
    type: 'activity',
    issueId: input.issueId,
    actorId: input.actorId,
    kind: input.kind,
    from: input.from,
    to: input.to,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * A member's read marker moved to `lastReadAt` (SPEC §3: everything in their inbox up to then is
 * read). It never moves back, so a late or skewed write cannot mark read items unread again.
 */
export function readMarkerAt(input: {
  userId: string;
  lastReadAt: string;
  existing: ReadMarkerDoc | null;
  now: string;
}): ReadMarkerDoc {
  const { existing } = input;
  if (existing)
    return {
      ...existing,
      lastReadAt:
        Date.parse(existing.lastReadAt) > Date.parse(input.lastReadAt)
          ? existing.lastReadAt
          : input.lastReadAt,
      updatedAt: input.now,
    };
  return {
    _id: readMarkerId(input.userId),
    type: 'readMarker',
    userId: input.userId,
    lastReadAt: input.lastReadAt,
    createdAt: input.now,
    updatedAt: input.now,
  };
}
