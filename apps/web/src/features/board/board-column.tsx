import { useState } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { IssueDoc, MemberDoc, ProjectDoc, WorkflowState } from '@keel/domain';
import { formatIssueKey } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { useBlockSets, useSubIssueProgress } from '../../data/use-docs.ts';
import type { MenuRequest, OpenMenu } from '../issues/index.ts';
import { EstimateSum } from '../../shared/ui/estimate-sum.tsx';
import { StateIcon } from '../../shared/ui/state-icon.tsx';
import { BoardCard } from './board-card.tsx';

export interface BoardColumnProps {
  slug: string;
  project: ProjectDoc;
  state: WorkflowState;
  issues: readonly IssueDoc[];
  members: ReadonlyMap<string, MemberDoc>;
  draggable: boolean;
  onOpenMenu: OpenMenu | null;
  /** The board's open menu, if any: its card shows its button pressed. */
  menu: MenuRequest | null;
}

/** Cards rendered per column at first; thousands in one state load a page at a time. */
export const COLUMN_PAGE = 100;

export function columnDropId(stateId: string): string {
  return `column:${stateId}`;
}

/** One workflow state: header with its count, then its cards in manual order. */
export function BoardColumn({
  slug,
  project,
  state,
  issues,
  members,
  draggable,
  onOpenMenu,
  menu,
}: BoardColumnProps) {
  const [limit, setLimit] = useState(COLUMN_PAGE);
  const { blocked } = useBlockSets();
  const subIssues = useSubIssueProgress();
  const shown = issues.length > limit ? issues.slice(0, limit) : issues;
  // A drop in the empty space lands after the last card shown (move-card.ts).
  const { setNodeRef, isOver } = useDroppable({
    id: columnDropId(state.id),
    data: { shown: shown.length },
  });
  const headingId = `column-${state.id}`;
  return (
    <section
      className={`board-column${isOver ? ' board-column--over' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="board-column__header">
        <StateIcon state={state} />
        {state.name}
        <span className="board-column__count">
          {issues.length}
          <span className="visually-hidden"> issues</span>
        </span>
        <EstimateSum issues={issues} />
      </h2>
      <SortableContext items={shown.map((i) => i._id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="board-column__cards" aria-labelledby={headingId}>
          {shown.map((issue) => {
            const key = formatIssueKey(project.key, issue.number);
            return (
              <BoardCard
                key={issue._id}
                issue={issue}
                issueKey={key}
                href={`/${slug}/issue/${key}`}
                assignee={issue.assigneeId ? members.get(issue.assigneeId) : undefined}
                draggable={draggable}
                state={state}
                onOpenMenu={onOpenMenu}
                menuOpen={menu?.issueId === issue._id ? menu.field : null}
                blocked={blocked.has(issue._id)}
                subIssues={subIssues.get(issue._id)}
              />
            );
          })}
          {issues.length === 0 ? (
            <li className="board-column__empty">No issues in {state.name}</li>
          ) : null}
        </ul>
      </SortableContext>
      {issues.length > limit ? (
        <Button
          size="sm"
          variant="ghost"
          className="board-column__more"
          onClick={() => setLimit((l) => l + COLUMN_PAGE)}
        >
          Show {Math.min(COLUMN_PAGE, issues.length - limit)} more
        </Button>
      ) : null}
    </section>
  );
}
