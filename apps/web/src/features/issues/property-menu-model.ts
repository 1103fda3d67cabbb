import type { ScreenCommandId } from '../commands/index.ts';

/**
 * The properties a list row or a board card edits in place (SPEC §2: s, p, a, l), and its cycle
 * (Shift+C; a menu only, as rows and cards show no cycle button).
 */
export const MENU_FIELDS = ['state', 'priority', 'assignee', 'labels', 'cycle'] as const;
export type MenuField = (typeof MENU_FIELDS)[number];

/** The registry's command that opens each field: the same `s` on the issue page and a list. */
export const MENU_COMMANDS: Record<MenuField, ScreenCommandId> = {
  state: 'issue.state',
  priority: 'issue.priority',
  assignee: 'issue.assignee',
  labels: 'issue.labels',
  cycle: 'issue.cycle',
};

/**
 * The accessible name of a row's or card's property button: what it does, to which issue, and
 * the value now, e.g. "Change state of ENG-12, now In Progress".
 */
export function menuButtonLabel(field: MenuField, issueKey: string, current: string): string {
  return `Change ${field} of ${issueKey}, now ${current}`;
}

/** What "now …" reads for an empty assignee or label list. */
export function currentValue(field: 'assignee' | 'labels', names: readonly string[]): string {
  if (names.length) return names.join(', ');
  return field === 'assignee' ? 'unassigned' : 'no labels';
}

export interface Rect {
  top: number;
  bottom: number;
  left: number;
}

export interface MenuPlacement {
  left: number;
  /** Exactly one of top (opens downwards) and bottom (opens upwards) is set. */
  top: number | null;
  bottom: number | null;
}

const GAP = 4;
const MARGIN = 8;

/**
 * Where a menu of `width` × up to `height` pixels goes beside its anchor: below it, or above it
 * when there is not room below and there is more above; never past the window's left or right.
 */
export function placeMenu(
  anchor: Rect,
  viewport: { width: number; height: number },
  menu: { width: number; height: number },
): MenuPlacement {
  const left = Math.max(MARGIN, Math.min(anchor.left, viewport.width - menu.width - MARGIN));
  const below = viewport.height - anchor.bottom;
  if (below < menu.height + GAP + MARGIN && anchor.top > below)
    return { left, top: null, bottom: viewport.height - anchor.top + GAP };
  return { left, top: anchor.bottom + GAP, bottom: null };
}
