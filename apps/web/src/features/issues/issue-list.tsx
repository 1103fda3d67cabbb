// Over 300 lines: one virtualised list whose focus, scroll and row-height state depend on each
// other; its keyboard and focus hooks are the part to move out next.
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { IssueDoc, IssueGroup, LabelDoc } from '@keel/domain';
import { usePhoneLayout } from '../../shared/lib/use-phone-layout.ts';
import { useScreenCommands } from '../commands/index.ts';
import {
  issueKeyOf,
  useBlockSets,
  useMemberMap,
  useProjectMap,
  useSubIssueProgress,
} from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { nextIssueRow, useLabelMap, viewRows } from '../views/index.ts';
import { IssueGroupHeader } from './issue-list-header.tsx';
import { IssueRow } from './issue-row.tsx';
import { IssueTargetCommands } from './issue-target-commands.tsx';
import { MENU_COMMANDS, MENU_FIELDS, type MenuField } from './property-menu-model.ts';
import { PropertyMenu } from './property-menu.tsx';
import { usePropertyMenu } from './use-property-menu.ts';
import './issue-list.css';

export interface IssueListProps {
  groups: readonly IssueGroup[];
  /** False for an ungrouped view: one run of rows without a header. */
  withHeaders: boolean;
  /** Shown instead of the list when there are no issues. */
  empty: ReactNode;
  selected: ReadonlySet<string>;
  /** Null when the role cannot edit: rows have no checkbox and x does nothing. */
  onSelect: ((issueId: string, range: boolean) => void) | null;
  /** Whether rows offer the state, priority, assignee, labels and cycle menus (s/p/a/l, Shift+C). */
  editable: boolean;
  onClearSelection: () => void;
}

const ROW_HEIGHT = 36;
/** On a phone a row is two lines: key and state, then the title (up to two lines of it). */
const PHONE_ROW_HEIGHT = 76;
const HEADER_HEIGHT = 34;
const NO_LABELS: readonly LabelDoc[] = [];

/**
 * The issues of a view as one virtual list: only the rows on screen (and a few around) are in
 * the page, group headers included, so 10,000 issues scroll like 50.
 */
export function IssueList(props: IssueListProps) {
  const { groups, withHeaders, empty, selected, onSelect, onClearSelection, editable } = props;
  const { slug } = useWorkspace();
  const projects = useProjectMap();
  const members = useMemberMap();
  const { blocked } = useBlockSets();
  const subIssues = useSubIssueProgress();
  const labels = useLabelMap();
  const navigate = useNavigate();
  const rows = useMemo(() => viewRows(groups, withHeaders), [groups, withHeaders]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(-1);
  const pendingFocus = useRef(false);
  // Focus reaching a row (a click on its link, Tab) marks it as the keyboard's row without
  // holding up what caused it: a click on a link is about to open the issue, and re-rendering
  // the list first would delay that by a frame.
  const onFocusRow = useCallback((index: number) => {
    const row = rowsNow.current[index];
    const active = document.activeElement;
    shownInFocus.current =
      row?.kind === 'issue'
        ? {
            issueId: row.issue._id,
            control: active instanceof HTMLElement ? (active.dataset.menu ?? null) : null,
          }
        : null;
    startTransition(() => setFocused(index));
  }, []);
  // Which issue, and which of its controls, has focus: see the effect that keeps it there.
  const shownInFocus = useRef<{ issueId: string; control: string | null } | null>(null);
  const rowsNow = useRef(rows);
  rowsNow.current = rows;

  // Stable between renders: the virtualizer measures every row again (10,000 of them) whenever
  // one of these changes, which would otherwise be on every scroll frame.
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const rowHeight = usePhoneLayout() ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const estimateSize = useCallback(
    (i: number) => (rows[i]?.kind === 'header' ? HEADER_HEIGHT : rowHeight),
    [rows, rowHeight],
  );

  // The app is not built with React Compiler; the virtualizer re-renders this list itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    // Rows are never measured (every size is known), so items need no keys of their own: by
    // index, the virtualizer's pass over every row on a filter keystroke does no lookups.
    // A few rows drawn beyond the edges: each one drawn is more work on every keystroke.
    overscan: 4,
  });

  // A window turned or resized across the phone width changes every row's height: place them
  // all again (the virtualizer keeps the sizes it has until told).
  const placedHeight = useRef(rowHeight);
  useEffect(() => {
    if (placedHeight.current === rowHeight) return;
    placedHeight.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  // After j/k, focus the row's link once it is rendered (scrolling may render it a frame later).
  useEffect(() => {
    if (!pendingFocus.current || focused < 0) return;
    let frame = 0;
    const tryFocus = (attempt: number) => {
      const link = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${focused}"] a`);
      if (link) {
        pendingFocus.current = false;
        link.focus({ preventScroll: true });
      } else if (attempt < 5) frame = requestAnimationFrame(() => tryFocus(attempt + 1));
    };
    tryFocus(0);
    return () => cancelAnimationFrame(frame);
  }, [focused]);

  // The same array for an issue until it or the labels change, so memoised rows skip re-rendering
  // while the list scrolls.
  const labelsOf = useMemo(() => {
    const cache = new WeakMap<IssueDoc, readonly LabelDoc[]>();
    return (issue: IssueDoc): readonly LabelDoc[] => {
      if (issue.labelIds.length === 0) return NO_LABELS;
      let found = cache.get(issue);
      if (!found) {
        found = issue.labelIds.flatMap((id) => labels.get(id) ?? []);
        cache.set(issue, found);
      }
      return found;
    };
  }, [labels]);

  const openIssue = useCallback((href: string) => void navigate(href), [navigate]);
  const hrefOf = useCallback(
    (index: number) => {
      const row = rows[index];
      return row?.kind === 'issue' ? `/${slug}/issue/${issueKeyOf(row.issue, projects)}` : null;
    },
    [rows, slug, projects],
  );

  const menu = usePropertyMenu();
  // A choice that moves the row (a new state regroups it) redraws it as a new element, and
  // focus falls to the page: put it back on the same button or row, wherever the row went.
  const { lostFocus } = menu;
  useEffect(() => {
    const home = lostFocus((element, { issueId }) => {
      const li = element.closest<HTMLElement>('[data-index]');
      const row = li ? rows[Number(li.dataset.index)] : undefined;
      return row?.kind !== 'issue' || row.issue._id !== issueId;
    });
    if (!home) return;
    const index = rows.findIndex((r) => r.kind === 'issue' && r.issue._id === home.issueId);
    if (index < 0) return;
    setFocused(index);
    const li = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const target = li?.querySelector<HTMLElement>(
      home.onButton ? `[data-menu="${home.field}"]` : 'a',
    );
    if (target) return target.focus({ preventScroll: true });
    // Regrouped out of sight: scroll to it and focus its link, as j/k do.
    pendingFocus.current = true;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [rows, lostFocus, virtualizer]);

  const openMenuOfFocused = (field: MenuField) => {
    const row = rows[focused];
    const li = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${focused}"]`);
    if (row?.kind !== 'issue' || !li) return;
    menu.open(row.issue._id, field, li.querySelector<HTMLElement>(`[data-menu="${field}"]`) ?? li);
  };

  const move = (step: 1 | -1) => {
    const next = nextIssueRow(rows, focused, step);
    if (next < 0) return;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    // At either end the row stays the same, so no re-render would focus it: focus it here (focus
    // may have gone elsewhere, e.g. a click on the page).
    if (next === focused)
      return scrollRef.current
        ?.querySelector<HTMLElement>(`[data-index="${next}"] a`)
        ?.focus({ preventScroll: true });
    pendingFocus.current = true;
    setFocused(next);
  };
  // SPEC §2's list keys, as the registry's Issue list commands (j/k move, x select, Enter, Esc).
  useScreenCommands({
    'list.next': () => move(1),
    'list.previous': () => move(-1),
    'list.select': () => {
      const row = rows[focused];
      if (row?.kind === 'issue' && onSelect) onSelect(row.issue._id, false);
    },
    'list.open': () => {
      const href = hrefOf(focused);
      if (href) void navigate(href);
    },
    'list.clear': () => {
      if (selected.size) onClearSelection();
    },
  });
  // s, p, a, l, Shift+C: the issue page's commands, here for the focused row. With a selection
  // the bulk bar edits instead, so they stand down (and leave the palette) until it is cleared.
  useScreenCommands(
    Object.fromEntries(
      MENU_FIELDS.map((field) => [MENU_COMMANDS[field], () => openMenuOfFocused(field)]),
    ),
    editable && focused >= 0 && selected.size === 0,
  );

  // Rows are keyed by place (below), so when the issues on screen move (a sync, a change from
  // another tab) focus would stay with the place, or fall to the page when the place becomes a
  // group header: move it with the issue, to the same control, as keyed rows did. An issue
  // filtered out leaves it where it is.
  useEffect(() => {
    const was = shownInFocus.current;
    const list = scrollRef.current;
    if (!was || !list) return;
    const active = document.activeElement;
    const li = active?.closest<HTMLElement>('[data-index]');
    if (li && list.contains(li)) {
      const row = rows[Number(li.dataset.index)];
      if (row?.kind === 'issue' && row.issue._id === was.issueId) return;
    } else if (active && active !== document.body) return; // focus went elsewhere on purpose
    const index = rows.findIndex((r) => r.kind === 'issue' && r.issue._id === was.issueId);
    if (index < 0) return;
    setFocused(index);
    const target = list.querySelector<HTMLElement>(
      `[data-index="${index}"] ${was.control ? `[data-menu="${was.control}"]` : 'a'}`,
    );
    if (target) return target.focus({ preventScroll: true });
    pendingFocus.current = true;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [rows, virtualizer]);
  // Focus or a click outside the list ends that: the list must not take focus back later.
  useEffect(() => {
    const leave = (event: Event) => {
      if (!scrollRef.current?.contains(event.target as Node)) shownInFocus.current = null;
    };
    document.addEventListener('focusin', leave);
    document.addEventListener('pointerdown', leave);
    return () => {
      document.removeEventListener('focusin', leave);
      document.removeEventListener('pointerdown', leave);
    };
  }, []);

  // Copy link, Copy branch name and Delete issue… act on the selection, else the focused row.
  const focusedRow = rows[focused];
  const targets = selected.size
    ? [...selected]
    : focusedRow?.kind === 'issue'
      ? [focusedRow.issue._id]
      : [];

  if (rows.length === 0) return <>{empty}</>;
  // Rows are keyed by their place among rows of their kind (`slot`), not by issue: a filter
  // keystroke or a sync that changes which issues are on screen updates the same elements
  // instead of removing and creating them, which was most of a keystroke's time, and a group
  // header that moves does not turn a row into a header (docs/performance.md). Focus stays with
  // the place, as `focused` does; after a menu choice moves the issue, it follows the issue.

  return (
    <div ref={scrollRef} className="issue-list">
      {menu.request ? <PropertyMenu request={menu.request} onClose={menu.close} /> : null}
      <IssueTargetCommands
        issueIds={targets}
        onDeleted={selected.size ? onClearSelection : undefined}
      />
      <ul
        className="issue-list__rows"
        aria-label="Issues"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          if (row.kind === 'header')
            return (
              <IssueGroupHeader
                key={`h${row.slot}`}
                group={row.group}
                index={item.index}
                top={item.start}
              />
            );
          const { issue } = row;
          const project = projects.get(issue.projectId);
          const state = project?.states.find((s) => s.id === issue.stateId) ?? {
            id: issue.stateId,
            name: issue.stateId,
            category: 'backlog' as const,
            color: '#94A3B8',
          };
          const issueLabels = labelsOf(issue);
          return (
            <IssueRow
              key={`r${row.slot}`}
              issue={issue}
              issueKey={issueKeyOf(issue, projects)}
              href={hrefOf(item.index)!}
              state={state}
              assignee={issue.assigneeId ? members.get(issue.assigneeId) : undefined}
              labels={issueLabels}
              blocked={blocked.has(issue._id)}
              subIssues={subIssues.get(issue._id)}
              index={item.index}
              top={item.start}
              selected={selected.has(issue._id)}
              focused={focused === item.index}
              onSelect={onSelect}
              onFocusRow={onFocusRow}
              onOpen={openIssue}
              onOpenMenu={editable ? menu.open : null}
              menuOpen={menu.request?.issueId === issue._id ? menu.request.field : null}
            />
          );
        })}
      </ul>
    </div>
  );
}
