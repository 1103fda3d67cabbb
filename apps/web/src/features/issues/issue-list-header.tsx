import type { IssueGroup } from '@keel/domain';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { EstimateSum } from '../../shared/ui/estimate-sum.tsx';
import { PriorityIcon } from '../../shared/ui/priority-icon.tsx';
import { StateIcon } from '../../shared/ui/state-icon.tsx';

/** A group's header row in the virtual list: its icon, name, how many issues and points. */
export function IssueGroupHeader({
  group,
  index,
  top,
}: {
  group: IssueGroup;
  index: number;
  top: number;
}) {
  const id = `group-${index}`;
  return (
    <li
      className="issue-group__header"
      style={{ transform: `translateY(${top}px)` }}
      data-index={index}
    >
      <h2 id={id} className="issue-group__title">
        {group.state ? <StateIcon state={group.state} /> : null}
        {group.priority !== undefined ? <PriorityIcon priority={group.priority} /> : null}
        {group.color ? (
          <span
            className="issue-group__dot"
            style={{ background: group.color }}
            aria-hidden="true"
          />
        ) : null}
        {group.key.startsWith('assignee:') && group.key !== 'assignee:none' ? (
          <Avatar name={group.title} />
        ) : null}
        {group.title}
        <span className="issue-group__count">
          {group.issues.length}
          <span className="visually-hidden"> issues</span>
        </span>
        <EstimateSum issues={group.issues} />
      </h2>
    </li>
  );
}
