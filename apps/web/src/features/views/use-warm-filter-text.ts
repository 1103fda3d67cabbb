import { useEffect } from 'react';
import {
  issueSearchText,
  textIndexOf,
  type IssueDoc,
  type IssueGroup,
  type ProjectDoc,
} from '@keel/domain';
import { eachWhenIdle } from '../../shared/lib/when-idle.ts';
import { issueKeyOf } from '../../data/use-docs.ts';

/**
 * Prepare each issue's filter text (its key and folded title, cached per issue) while the
 * browser is idle, so the first keystroke in the filter box does not: at 10,000 issues that is
 * about 20 ms it would otherwise spend before showing anything.
 */
export function useWarmFilterText(
  issues: readonly IssueDoc[],
  projects: ReadonlyMap<string, ProjectDoc>,
): void {
  useEffect(() => {
    const keyOf = (issue: IssueDoc) => issueKeyOf(issue, projects);
    return eachWhenIdle(issues, (issue) => {
      // An issue whose project has not arrived yet would keep a key without it.
      if (projects.has(issue.projectId)) issueSearchText(issue, keyOf);
    });
  }, [issues, projects]);
}

/**
 * Build each group's text index (joined filter texts, text-index.ts) while the browser is idle,
 * one group at a time, so the first keystroke does not: about 1 ms per 10,000 issues.
 */
export function useWarmTextIndexes(
  groups: readonly IssueGroup[],
  projects: ReadonlyMap<string, ProjectDoc>,
): void {
  useEffect(() => {
    const keyOf = (issue: IssueDoc) => issueKeyOf(issue, projects);
    return eachWhenIdle(groups, (group) => {
      // As above: an index holds its issues' texts for as long as the group lasts.
      if (group.issues.every((issue) => projects.has(issue.projectId)))
        textIndexOf(group.issues, keyOf);
    });
  }, [groups, projects]);
}
