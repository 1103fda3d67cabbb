import { memo, type MouseEvent, type ReactNode } from 'react';
import type { IssueDoc, LabelDoc, MemberDoc, SubIssueProgress, WorkflowState } from '@keel/domain';
import { opensInPlace } from '../../shared/lib/plain-click.ts';
import { initials } from '../../shared/lib/initials.ts';
import { avatarClassName } from '../../shared/ui/avatar.tsx';
import { BlockedIcon } from '../../shared/ui/blocked-icon.tsx';
import { priorityName } from './describe-activity.ts';
import { formatDueDate, subIssueSentence } from './issue-row-format.ts';
import { PriorityIcon } from '../../shared/ui/priority-icon.tsx';
import { PropertyButton, type OpenMenu } from './property-button.tsx';
import { currentValue, type MenuField } from './property-menu-model.ts';
import { StateIcon } from '../../shared/ui/state-icon.tsx';
import { SubIssueProgressMark } from './sub-issue-progress.tsx';

export interface IssueRowProps {
  issue: IssueDoc;
  issueKey: string;
  href: string;
  state: WorkflowState;
  assignee: MemberDoc | undefined;
  labels: readonly LabelDoc[];
  /** Another issue blocks this one (a relation): marked beside its key. */
  blocked: boolean;
  /** Its sub-issues done out of those counted, when it is a parent: "3/5" after the title. */
  subIssues: SubIssueProgress | undefined;
  /** Position in the virtual list: rows are absolutely placed. */
  index: number;
  top: number;
  selected: boolean;
  focused: boolean;
  /** Null when the role cannot edit issues: no checkbox, nothing to bulk edit. */
  onSelect: ((issueId: string, range: boolean) => void) | null;
  onFocusRow: (index: number) => void;
  /** Show the issue at `href` in this tab (a plain left click on the row). */
  onOpen: (href: string) => void;
  /** Null when the role cannot edit issues: the icons are plain pictures, not buttons. */
  onOpenMenu: OpenMenu | null;
  /** The field whose menu is open for this row, if any. */
  menuOpen: MenuField | null;
}

const MAX_LABELS_SHOWN = 3;

/**
 * One dense line: checkbox, priority, key, state, title, sub-issues done, labels, due date,
 * assignee (on a phone, two: the title under the rest, and the state's name). The link lies
 * under the whole row and the property buttons sit above it, so no button is inside the link.
 * Memoised: a scroll re-renders only rows that move in or out.
 */
export const IssueRow = memo(function IssueRow(props: IssueRowProps) {
  const { issue, issueKey, href, state, assignee, labels, blocked, index, top, selected } = props;
  const { focused, subIssues } = props;
  const { onSelect, onFocusRow, onOpen, onOpenMenu, menuOpen } = props;
  const priority = priorityName(issue.priority);
  const assigneeName = assignee ? assignee.name || assignee.email : null;
  const due = issue.dueDate ? formatDueDate(issue.dueDate) : null;
  // One sentence for screen readers, key and title first, instead of the icons' reading order.
  const label = [
    `${issueKey} ${issue.title}`,
    blocked ? 'blocked' : null,
    state.name,
    priority,
    assigneeName ? `assigned to ${assigneeName}` : null,
    labels.length ? `labels ${labels.map((l) => l.name).join(', ')}` : null,
    due ? `due ${due}` : null,
    subIssues ? subIssueSentence(subIssues) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const onLinkClick = (event: MouseEvent) => {
    // Shift-click selects a range instead of opening the issue.
    if (event.shiftKey && onSelect) {
      event.preventDefault();
      onSelect(issue._id, true);
      return;
    }
    if (!opensInPlace(event)) return;
    event.preventDefault();
    onOpen(href);
  };
  const property = (field: MenuField, current: string, className: string, content: ReactNode) => (
    <PropertyButton
      issueId={issue._id}
      issueKey={issueKey}
      field={field}
      current={current}
      className={className}
      onOpen={onOpenMenu}
      expanded={menuOpen === field}
    >
      {content}
    </PropertyButton>
  );
  const labelNames = labels.map((l) => l.name);
  const classes = [
    'issue-row',
    onSelect && 'issue-row--checkable',
    selected && 'issue-row--selected',
    focused && 'issue-row--focused',
  ];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      style={{ transform: `translateY(${top}px)` }}
      data-index={index}
      // The link or a property button makes this the keyboard's row; ticking the checkbox does
      // not, so a range picked with the mouse leaves j/k where they were.
      onFocus={(e) => {
        if (!(e.target instanceof HTMLInputElement)) onFocusRow(index);
      }}
    >
      {onSelect ? (
        <input
          type="checkbox"
          className="issue-row__check"
          aria-label={`Select ${issueKey}`}
          checked={selected}
          onChange={(e) =>
            onSelect(issue._id, (e.nativeEvent as { shiftKey?: boolean }).shiftKey === true)
          }
        />
      ) : null}
      {/* A plain link, not React Router's Link: a filter keystroke can redraw every row on
          screen, and Link's hooks in each row were about a tenth of that render's script in a
          CPU profile. */}
      <a href={href} className="issue-row__link" aria-label={label} onClick={onLinkClick} />
      {property(
        'priority',
        priority,
        'issue-row__priority',
        <PriorityIcon priority={issue.priority} />,
      )}
      <span className="issue-row__key" aria-hidden="true">
        {issueKey}
        {blocked ? <BlockedIcon /> : null}
      </span>
      {property(
        'state',
        state.name,
        'issue-row__state',
        <>
          <StateIcon state={state} />
          {/* Shown on a phone, where the row has a line for it. */}
          <span className="issue-row__state-name">{state.name}</span>
        </>,
      )}
      <span className="issue-row__title" aria-hidden="true">
        {issue.title}
      </span>
      <SubIssueProgressMark progress={subIssues} className="issue-row__sub-issues" />
      {property(
        'labels',
        currentValue('labels', labelNames),
        'issue-row__labels',
        <>
          {/* Keyed by place, like the rows: a row that shows another issue updates its chips
              instead of removing and creating them. */}
          {labels.slice(0, MAX_LABELS_SHOWN).map((l, i) => (
            <span key={i} className="issue-row__label">
              <span className="issue-row__label-dot" style={{ background: l.color }} />
              <span className="issue-row__label-name">{l.name}</span>
            </span>
          ))}
          {labels.length > MAX_LABELS_SHOWN ? (
            <span className="issue-row__label">+{labels.length - MAX_LABELS_SHOWN}</span>
          ) : null}
          {labels.length === 0 && onOpenMenu ? <span className="issue-row__add-label" /> : null}
        </>,
      )}
      {/* Always in the row, hidden when there is no date: see the chips above. */}
      <span className="issue-row__due" aria-hidden="true" hidden={!due}>
        {due}
      </span>
      {property(
        'assignee',
        currentValue('assignee', assigneeName ? [assigneeName] : []),
        'issue-row__assignee',
        assigneeName || onOpenMenu ? <AssigneeMark name={assigneeName} /> : null,
      )}
    </li>
  );
});

/**
 * The assignee's initials, or a dashed ring when there is none: one element either way, so a
 * row that shows another issue changes its class and text instead of swapping elements.
 */
function AssigneeMark({ name }: { name: string | null }) {
  return (
    <span
      className={name ? avatarClassName('sm') : 'issue-row__no-assignee'}
      title={name ?? undefined}
      aria-hidden="true"
    >
      {name ? initials(name) : ''}
    </span>
  );
}
