import { generateKeyBetween } from 'fractional-indexing';
import type { ActivityDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { newActivityDocument, newIssueDocument } from './factories.ts';

export interface NewIssueInput {
  issueId: string;
  /** A new id for each activity record written with the issue. */
  newActivityId: () => string;
  project: ProjectDoc;
  number: number;
  title: string;
  description: string;
  /** The issue this one is a sub-issue of, set in the same write (no second step to fail). */
  parentId?: string | null;
  /** The smallest sort key in the project, so a new issue lands on top; null when empty. */
  firstSortOrder: string | null;
  actorId: string;
  now: string;
}

/**
 * A new issue and its activity, written together in one bulk save: "created", and "parent" when
 * it is made as a sub-issue, so its history says so as if the parent had been set afterwards.
 */
export function buildNewIssue(input: NewIssueInput): {
  issue: IssueDoc;
  activities: ActivityDoc[];
} {
  const { issueId, newActivityId, project, actorId, now } = input;
  const parentId = input.parentId ?? null;
  const issue = newIssueDocument({
    id: issueId,
    projectId: project._id,
    states: project.states,
    number: input.number,
    title: input.title,
    description: input.description,
    sortOrder: sortKeyBefore(input.firstSortOrder),
    createdBy: actorId,
    now,
  });
  const activity = (kind: 'created' | 'parent', to: string | null) =>
    newActivityDocument({ id: newActivityId(), issueId, actorId, kind, from: null, to, now });
  return {
    issue: { ...issue, parentId },
    activities: [activity('created', null), ...(parentId ? [activity('parent', parentId)] : [])],
  };
}

/** A fractional index before `first`; a malformed key from elsewhere is not our problem to fix. */
export function sortKeyBefore(first: string | null): string {
  try {
    return generateKeyBetween(null, first);
  } catch {
    return generateKeyBetween(null, null);
  }
}

export function firstSortOrder(issues: readonly IssueDoc[], projectId: string): string | null {
  let first: string | null = null;
  for (const issue of issues) {
    // Fractional index keys compare by plain code-unit order, not by locale.
    if (issue.projectId === projectId && (first === null || issue.sortOrder < first))
      first = issue.sortOrder;
  }
  return first;
}
