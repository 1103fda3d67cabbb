import { memo, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { Link } from 'react-router';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { IssueDoc, MemberDoc, SubIssueProgress, WorkflowState } from '@keel/domain';
import { Avatar } from '../../shared/ui/avatar.tsx';
import {
  currentValue,
  type MenuField,
  type OpenMenu,
  priorityName,
  PropertyButton,
  subIssueSentence,
  SubIssueProgressMark,
} from '../issues/index.ts';
import { BlockedIcon } from '../../shared/ui/blocked-icon.tsx';
import { PriorityIcon } from '../../shared/ui/priority-icon.tsx';
import { StateIcon } from '../../shared/ui/state-icon.tsx';

export interface BoardCardProps {
  issue: IssueDoc;
  issueKey: string;
  href: string;
  assignee: MemberDoc | undefined;
  /** False for roles that cannot edit issues: no drag, no handle. */
  draggable: boolean;
  state: WorkflowState;
  /** Null for roles that cannot edit issues: no property buttons. */
  onOpenMenu: OpenMenu | null;
  /** The field whose menu is open for this card, if any. */
  menuOpen: MenuField | null;
  /** Another issue blocks this one (a relation): marked beside its key. */
  blocked: boolean;
  /** Its sub-issues done out of those counted, when it is a parent ("3/5"). */
  subIssues: SubIssueProgress | undefined;
}

/**
 * A card: key, title, priority, sub-issues done, assignee. The whole card drags with a pointer;
 * the keyboard drags with the handle button (Space to pick up, arrows to move, Space to drop),
 * so Enter on the title still opens the issue.
 */
export const BoardCard = memo(function BoardCard(props: BoardCardProps) {
  const { issue, issueKey, href, assignee, draggable, state, onOpenMenu, menuOpen, blocked } =
    props;
  const { subIssues } = props;
  const sortable = useSortable({ id: issue._id, disabled: !draggable });
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition } =
    sortable;
  // dnd-kit types its listeners loosely; these two are the sensors' DOM handlers.
  const onPointerDown = listeners?.onPointerDown as PointerEventHandler | undefined;
  const onKeyDown = listeners?.onKeyDown as KeyboardEventHandler | undefined;
  const style = { transform: CSS.Translate.toString(transform), transition };
  const assigneeName = assignee ? assignee.name || assignee.email : null;
  const content = { issue, issueKey, href, assigneeName, blocked, subIssues };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`board-card${sortable.isDragging ? ' board-card--dragging' : ''}`}
      data-issue-id={issue._id}
      onPointerDown={onPointerDown}
    >
      {onOpenMenu ? (
        <CardMenus {...content} state={state} onOpenMenu={onOpenMenu} menuOpen={menuOpen} />
      ) : (
        <BoardCardBody {...content} />
      )}
      {draggable ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="board-card__handle"
          aria-label={`Move ${issueKey}`}
          aria-describedby={attributes['aria-describedby']}
          aria-pressed={attributes['aria-pressed']}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      ) : null}
    </li>
  );
});

/**
 * The card of someone who may edit: the same content, with assignee, state and priority as
 * buttons that open the list's menus. Outside the title link, so nothing interactive nests.
 */
function CardMenus({
  issue,
  issueKey,
  href,
  assigneeName,
  blocked,
  subIssues,
  state,
  onOpenMenu,
  menuOpen,
}: CardTitleProps & {
  state: WorkflowState;
  onOpenMenu: OpenMenu;
  menuOpen: MenuField | null;
}) {
  const priority = priorityName(issue.priority);
  const common = { issueId: issue._id, issueKey, onOpen: onOpenMenu };
  return (
    <div className="board-card__body">
      <div className="board-card__top">
        <CardKey issueKey={issueKey} blocked={blocked} />
        <PropertyButton
          {...common}
          field="assignee"
          current={currentValue('assignee', assigneeName ? [assigneeName] : [])}
          className="board-card__assignee"
          expanded={menuOpen === 'assignee'}
        >
          {assigneeName ? <Avatar name={assigneeName} /> : <span className="board-card__nobody" />}
        </PropertyButton>
      </div>
      <CardTitle {...{ issue, issueKey, href, assigneeName, blocked, subIssues }} />
      <div className="board-card__meta">
        <PropertyButton
          {...common}
          field="state"
          current={state.name}
          className="board-card__state"
          expanded={menuOpen === 'state'}
        >
          <StateIcon state={state} />
        </PropertyButton>
        <PropertyButton
          {...common}
          field="priority"
          current={priority}
          className="board-card__priority"
          expanded={menuOpen === 'priority'}
        >
          <PriorityIcon priority={issue.priority} />
          {issue.priority ? <span aria-hidden="true">{priority}</span> : null}
        </PropertyButton>
        <SubIssueProgressMark progress={subIssues} />
      </div>
    </div>
  );
}

/** What the card's content shows; `href` null while drawn under the pointer (no link). */
export interface BoardCardBodyProps {
  issue: IssueDoc;
  issueKey: string;
  href: string | null;
  assigneeName: string | null;
  blocked?: boolean | undefined;
  subIssues?: SubIssueProgress | undefined;
}

/** The title is the link, so it always has somewhere to go. */
type CardTitleProps = Omit<BoardCardBodyProps, 'href'> & { href: string };

/**
 * The card's title, the link that opens the issue; its name says key, title, assignee and the
 * sub-issues done (the card's "3/5" is hidden from screen readers).
 */
function CardTitle({ issue, issueKey, href, assigneeName, blocked, subIssues }: CardTitleProps) {
  const label = [
    `${issueKey} ${issue.title}`,
    blocked ? 'blocked' : null,
    assigneeName ? `assigned to ${assigneeName}` : null,
    subIssues ? subIssueSentence(subIssues) : null,
  ];
  return (
    <Link
      to={href}
      className="board-card__title"
      aria-label={label.filter(Boolean).join(', ')}
      draggable={false}
    >
      {issue.title}
    </Link>
  );
}

/** The card's content, also drawn under the pointer while dragging. */
export function BoardCardBody({
  issue,
  issueKey,
  href,
  assigneeName,
  blocked,
  subIssues,
}: BoardCardBodyProps) {
  const priority = priorityName(issue.priority);
  return (
    <div className="board-card__body">
      <div className="board-card__top">
        <CardKey issueKey={issueKey} blocked={blocked} />
        {assigneeName ? <Avatar name={assigneeName} /> : null}
      </div>
      {href ? (
        <CardTitle {...{ issue, issueKey, href, assigneeName, blocked, subIssues }} />
      ) : (
        <span className="board-card__title">{issue.title}</span>
      )}
      {issue.priority || subIssues ? (
        <div className="board-card__meta">
          {issue.priority ? (
            <span className="board-card__priority">
              <PriorityIcon priority={issue.priority} />
              <span className="visually-hidden">Priority: </span>
              {priority}
            </span>
          ) : null}
          <SubIssueProgressMark progress={subIssues} />
        </div>
      ) : null}
    </div>
  );
}

/** The card's key, with the blocked marker when another issue blocks it. */
function CardKey({ issueKey, blocked }: { issueKey: string; blocked: boolean | undefined }) {
  return (
    <span className="board-card__key">
      {issueKey}
      {blocked ? <BlockedIcon /> : null}
    </span>
  );
}
