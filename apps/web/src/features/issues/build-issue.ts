import { generateKeyBetween } from 'fractional-indexing';
import {
  newActivityDocument,
  newIssueDocument,
  type ActivityDoc,
  type IssueDoc,
  type ProjectDoc,
} from '@keel/domain';

export interface NewIssueInput {
  issueId: string;
  activityId: string;
  project: ProjectDoc;
  number: number;
  title: string;
  description: string;
  /** The smallest sort key in the project, so a new issue lands on top; null when empty. */
  firstSortOrder: string | null;
  actorId: string;
  now: string;
}

/** A new issue and its "created" activity, written together in one bulk save. */
export function buildNewIssue(input: NewIssueInput): { issue: IssueDoc; activity: ActivityDoc } {
  const { issueId, activityId, project, actorId, now } = input;
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
  const activity = newActivityDocument({
    id: activityId,
    issueId,
    actorId,
    kind: 'created',
    from: null,
    to: null,
    now,
  });
  return { issue, activity };
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
