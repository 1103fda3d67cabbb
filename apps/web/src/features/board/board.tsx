import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { formatIssueKey, type IssueDoc, type ProjectDoc } from '@keel/domain';
import { IssueTargetCommands, PropertyMenu, usePropertyMenu } from '../issues/index.ts';
import { useMemberMap, useSubIssueProgress } from '../../data/use-docs.ts';
import { BoardCardBody } from './board-card.tsx';
import { BoardColumn, columnDropId } from './board-column.tsx';
import { columnKeyboardCoordinates } from './column-keyboard.ts';
import type { BoardColumnData } from './use-board-columns.ts';
import { useBoardKeys } from './use-board-keys.ts';
import { useMoveCard } from './use-move-card.ts';

// What the dragged card overlaps most wins (a card, or a column's empty space); only when it
// overlaps nothing does the nearest one count. closestCorners alone favours small cards far
// away over a tall empty column right under the card.
const collisionDetection: CollisionDetection = (args) => {
  const hits = rectIntersection(args);
  return hits.length ? hits : closestCorners(args);
};

const NO_CARD: readonly string[] = [];

export interface BoardProps {
  slug: string;
  project: ProjectDoc;
  columns: readonly BoardColumnData[];
  draggable: boolean;
}

/** The columns and the drag-and-drop that moves cards within and across them. */
export function Board({ slug, project, columns, draggable }: BoardProps) {
  const members = useMemberMap();
  const subIssues = useSubIssueProgress();
  const move = useMoveCard();
  const [active, setActive] = useState<IssueDoc | null>(null);
  const menu = usePropertyMenu();
  const card = useBoardKeys(draggable ? menu.open : null);
  const { lostFocus } = menu;
  // A new state moves the card to another column, redrawn there: focus follows it.
  useEffect(() => {
    const home = lostFocus();
    if (!home) return;
    document
      .querySelector<HTMLElement>(
        `.board [data-issue-id="${home.issueId}"] ${home.onButton ? `[data-menu="${home.field}"]` : 'a'}`,
      )
      ?.focus({ preventScroll: true });
  }, [columns, lostFocus]);
  // Where each card is: its column and index, for finding the drop target.
  const place = useMemo(() => {
    const map = new Map<string, { column: BoardColumnData; index: number }>();
    for (const column of columns)
      column.issues.forEach((issue, index) => map.set(issue._id, { column, index }));
    return map;
  }, [columns]);
  const coordinateGetter = useMemo(
    () =>
      columnKeyboardCoordinates(
        project.states.map((s) => s.id),
        (id) =>
          place.get(id)?.column.stateId ??
          project.states.find((s) => columnDropId(s.id) === id)?.id,
        columnDropId,
      ),
    [project.states, place],
  );
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on a card still opens it.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const keyOf = useCallback(
    (id: string | number) => {
      const issue = place.get(String(id));
      return issue ? formatIssueKey(project.key, issue.column.issues[issue.index]!.number) : '';
    },
    [place, project.key],
  );
  const stateName = (id: string) => project.states.find((s) => s.id === id)?.name ?? id;
  const targetOf = (overId: string) => {
    const card = place.get(overId);
    if (card) return { column: card.column, overIndex: card.index as number | null };
    const column = columns.find((c) => columnDropId(c.stateId) === overId);
    return column ? { column, overIndex: null } : null;
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${keyOf(a.id)}.`,
    onDragOver: ({ active: a, over }) => {
      const target = over ? targetOf(String(over.id)) : null;
      return target ? `${keyOf(a.id)} is over ${stateName(target.column.stateId)}.` : undefined;
    },
    onDragEnd: ({ active: a, over }) => {
      const target = over ? targetOf(String(over.id)) : null;
      return target
        ? `${keyOf(a.id)} dropped in ${stateName(target.column.stateId)}.`
        : `${keyOf(a.id)} put back.`;
    },
    onDragCancel: ({ active: a }) => `Moving ${keyOf(a.id)} was cancelled.`,
  };

  const onDragStart = (event: DragStartEvent) => {
    const card = place.get(String(event.active.id));
    setActive(card ? card.column.issues[card.index]! : null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    // Dropped where it was picked up: nothing to write.
    if (!event.over || event.over.id === event.active.id) return;
    const target = targetOf(String(event.over.id));
    if (!target) return;
    const shown = (event.over.data.current as { shown?: number } | undefined)?.shown;
    void move({
      issueId: String(event.active.id),
      stateId: target.column.stateId,
      column: target.column.issues,
      overIndex: target.overIndex,
      shown: shown ?? target.column.issues.length,
    });
  };

  // A card dragged near an edge scrolls the board or a column, never the page around them.
  const boardRef = useRef<HTMLDivElement>(null);
  const autoScroll = useMemo<AutoScrollOptions>(
    () => ({ canScroll: (element) => boardRef.current?.contains(element) ?? false }),
    [],
  );

  const activeAssignee = active?.assigneeId ? members.get(active.assigneeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      autoScroll={autoScroll}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a card, press Space. Use the arrow keys to move it within or across columns, Space to drop it, Escape to cancel.',
        },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      {menu.request ? <PropertyMenu request={menu.request} onClose={menu.close} /> : null}
      <IssueTargetCommands issueIds={card ? [card] : NO_CARD} />
      <div className="board" ref={boardRef}>
        {project.states.map((state) => {
          const column = columns.find((c) => c.stateId === state.id);
          return (
            <BoardColumn
              key={state.id}
              slug={slug}
              project={project}
              state={state}
              issues={column?.issues ?? []}
              members={members}
              draggable={draggable}
              onOpenMenu={draggable ? menu.open : null}
              menu={menu.request}
            />
          );
        })}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className="board-card board-card--overlay">
            <BoardCardBody
              issue={active}
              issueKey={formatIssueKey(project.key, active.number)}
              href={null}
              assigneeName={activeAssignee ? activeAssignee.name || activeAssignee.email : null}
              subIssues={subIssues.get(active._id)}
            />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
