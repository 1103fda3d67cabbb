import { useMemo, type ReactNode } from 'react';
import type { IssueDoc } from '@keel/domain';
import { issueKeyOf, useMemberMap, useProjectMap } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import { groupIssuesByState } from './group-issues.ts';
import { IssueRow } from './issue-row.tsx';
import { StateIcon } from './state-icon.tsx';
import { useGrowOnScroll } from './use-grow-on-scroll.ts';
import { visibleGroups } from './visible-groups.ts';
import './issue-list.css';

export interface IssueListProps {
  issues: readonly IssueDoc[];
  /** Shown instead of the list when there are no issues. */
  empty: ReactNode;
}

const PAGE_SIZE = 150;

/** Issues grouped by state in workflow order, newest first in each group. */
export function IssueList({ issues, empty }: IssueListProps) {
  const { slug } = useWorkspace();
  const projects = useProjectMap();
  const members = useMemberMap();
  const groups = useMemo(() => groupIssuesByState(issues, projects), [issues, projects]);
  const { limit, sentinel, more } = useGrowOnScroll(issues.length, PAGE_SIZE);
  const visible = useMemo(() => visibleGroups(groups, limit), [groups, limit]);

  if (groups.length === 0) return <>{empty}</>;
  return (
    <div className="issue-list">
      {visible.map((group) => (
        <section key={group.key} className="issue-group" aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`} className="issue-group__header">
            <StateIcon state={group.state} />
            {group.state.name}
            <span className="issue-group__count">{group.total}</span>
          </h2>
          <ul className="issue-group__rows">
            {group.issues.map((issue) => {
              const key = issueKeyOf(issue, projects);
              return (
                <IssueRow
                  key={issue._id}
                  issue={issue}
                  issueKey={key}
                  href={`/${slug}/issue/${key}`}
                  state={group.state}
                  assignee={issue.assigneeId ? members.get(issue.assigneeId) : undefined}
                />
              );
            })}
          </ul>
        </section>
      ))}
      {more ? <div ref={sentinel} className="issue-list__more" aria-hidden="true" /> : null}
    </div>
  );
}
