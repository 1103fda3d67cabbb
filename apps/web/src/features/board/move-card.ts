import { generateKeyBetween } from 'fractional-indexing';
import {
  newActivityDocument,
  transitionTimes,
  type ActivityDoc,
  type IssueDoc,
  type ProjectDoc,
} from '@keel/domain';

/**
 * Where a dropped card lands: its new neighbours in the target column (sorted by sortOrder).
 * `overIndex` is the index, in `column` as shown, of the card it was dropped on, or null for the
 * column's empty space. Within a column the card takes the dropped-on card's place, as a
 * sortable list does; from another column it goes before that card. In the empty space it goes
 * after the last card shown: a long column shows its first `shown` cards, and the end of the
 * whole column would put it out of sight behind "Show more".
 */
export function neighboursAt(
  column: readonly IssueDoc[],
  activeId: string,
  overIndex: number | null,
  shown: number = column.length,
): { before: IssueDoc | null; after: IssueDoc | null } {
  // Taking the card out first makes both cases one: in the remaining cards, the landing index
  // is the dropped-on card's index (moving down, that puts it after; otherwise before).
  const rest = column.filter((i) => i._id !== activeId);
  const lastShown = column.slice(0, shown).findLast((i) => i._id !== activeId);
  const end = lastShown ? rest.indexOf(lastShown) + 1 : 0;
  const at = Math.max(0, Math.min(overIndex ?? end, rest.length));
  return { before: rest[at - 1] ?? null, after: rest[at] ?? null };
}

/** A fractional key between two neighbours; tolerant of equal or malformed keys from elsewhere. */
export function sortKeyBetween(before: string | null, after: string | null): string {
  try {
    return generateKeyBetween(before, after);
  } catch {
    try {
      return generateKeyBetween(before, null);
    } catch {
      return generateKeyBetween(null, null);
    }
  }
}

export interface MoveContext {
  project: ProjectDoc;
  actorId: string;
  now: string;
  newActivityId: () => string;
}

/**
 * The documents a drop writes: the issue with its new sortOrder and, when it changed column,
 * its new state with the transition times and exactly one state activity (SPEC §4). A reorder
 * within a column is not a tracked field and writes no activity. Null when nothing changes.
 */
export function moveCard(
  issue: IssueDoc,
  to: { stateId: string; sortOrder: string },
  ctx: MoveContext,
): (IssueDoc | ActivityDoc)[] | null {
  const state = ctx.project.states.find((s) => s.id === to.stateId);
  if (!state) return null;
  const stateChanged = state.id !== issue.stateId;
  if (!stateChanged && to.sortOrder === issue.sortOrder) return null;
  const next: IssueDoc = { ...issue, sortOrder: to.sortOrder, updatedAt: ctx.now };
  if (!stateChanged) return [next];
  Object.assign(next, transitionTimes(issue, state.category, ctx.now), { stateId: state.id });
  const activity = newActivityDocument({
    id: ctx.newActivityId(),
    issueId: issue._id,
    actorId: ctx.actorId,
    kind: 'state',
    from: issue.stateId,
    to: state.id,
    now: ctx.now,
  });
  return [next, activity];
}
