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
  return (
    <li className="issue-row">
      <Link to={href} className="issue-row__link">
        <span className="issue-row__priority" title={priorityName(issue.priority)}>
          <PriorityIcon priority={issue.priority} />
          <span className="visually-hidden">Priority: {priorityName(issue.priority)}.</span>
        </span>
        <span className="issue-row__key">{issueKey}</span>
        <span className="issue-row__state" title={state.name}>
          <StateIcon state={state} />
          <span className="visually-hidden">State: {state.name}.</span>
        </span>
        <span className="issue-row__title">{issue.title}</span>
        <span className="issue-row__assignee">
          {assignee ? (
            <>
              <Avatar name={assignee.name || assignee.email} />
              <span className="visually-hidden">Assigned to {assignee.name || assignee.email}</span>
            </>
          ) : null}
        </span>
      </Link>
    </li>
  );
});
