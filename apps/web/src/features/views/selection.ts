/**
 * Bulk selection as a pure value: which issues are selected, and the anchor a shift-click range
 * starts from (the last issue toggled on its own).
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export function toggleSelected(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * Select every issue between the anchor and `id` in the order shown (both included), adding to
 * what is already selected. Without an anchor still on screen it selects just `id`.
 */
export function selectRange(selection: Selection, id: string, order: readonly string[]): Selection {
  const to = order.indexOf(id);
  const from = selection.anchor ? order.indexOf(selection.anchor) : -1;
  if (to < 0) return selection;
  if (from < 0) return { ids: new Set([...selection.ids, id]), anchor: id };
  const [lo, hi] = from < to ? [from, to] : [to, from];
  return { ids: new Set([...selection.ids, ...order.slice(lo, hi + 1)]), anchor: selection.anchor };
}

/** Drop selected issues that are no longer shown (filtered out, deleted, synced away). */
export function keepVisible(selection: Selection, visible: ReadonlySet<string>): Selection {
  let changed = false;
  const ids = new Set<string>();
  for (const id of selection.ids) {
    if (visible.has(id)) ids.add(id);
    else changed = true;
  }
  if (!changed) return selection;
  return {
    ids,
    anchor: selection.anchor && visible.has(selection.anchor) ? selection.anchor : null,
  };
}
