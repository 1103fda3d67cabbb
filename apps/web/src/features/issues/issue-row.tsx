import { memo } from 'react';
import { Link } from 'react-router';
import type { IssueDoc, MemberDoc, WorkflowState } from '@keel/domain';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { priorityName } from './describe-activity.ts';
import { PriorityIcon } from './priority-icon.tsx';
import { StateIcon } from './state-icon.tsx';

export interface IssueRowProps {
  issue: IssueDoc;
  issueKey: string;
  href: string;
  state: WorkflowState;
  assignee: MemberDoc | undefined;
}

/** One dense line: priority, key, state, title, assignee. Memoised: lists can be long. */
export const IssueRow = memo(function IssueRow({
  issue,
  issueKey,
  href,
  state,
  assignee,
}: IssueRowProps) {
  const priority = priorityName(issue.priority);
  const assigneeName = assignee ? assignee.name || assignee.email : null;
  // One sentence for screen readers, key and title first, instead of the icons' reading order.
  const label = [
    `${issueKey} ${issue.title}`,
    state.name,
    priority,
    assigneeName ? `assigned to ${assigneeName}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li className="issue-row">
      <Link to={href} className="issue-row__link" aria-label={label}>
        <span className="issue-row__priority" title={priority}>
          <PriorityIcon priority={issue.priority} />
        </span>
        <span className="issue-row__key">{issueKey}</span>
        <span className="issue-row__state" title={state.name}>
          <StateIcon state={state} />
        </span>
        <span className="issue-row__title">{issue.title}</span>
        <span className="issue-row__assignee">
          {assigneeName ? <Avatar name={assigneeName} /> : null}
        </span>
      </Link>
    </li>
  );
});
