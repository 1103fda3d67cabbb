import { useCallback, useMemo, useState } from 'react';
import {
  EMPTY_SELECTION,
  keepVisible,
  selectRange,
  toggleSelected,
  type Selection,
} from './selection.ts';

/**
 * Bulk selection over the issues shown, in the order shown. Issues that leave the view (a
 * filter, a deletion from another device) leave the selection too, so a bulk change never
 * touches something the user cannot see.
 */
export function useSelection(order: readonly string[]) {
  const [raw, setRaw] = useState<Selection>(EMPTY_SELECTION);
  const visible = useMemo(() => new Set(order), [order]);
  const selection = useMemo(() => keepVisible(raw, visible), [raw, visible]);
  const select = useCallback(
    (id: string, range: boolean) =>
      setRaw((current) => {
        const base = keepVisible(current, visible);
        return range ? selectRange(base, id, order) : toggleSelected(base, id);
      }),
    [order, visible],
  );
  const clear = useCallback(() => setRaw(EMPTY_SELECTION), []);
  const ids = useMemo(() => [...selection.ids], [selection]);
  return { selected: selection.ids, ids, select, clear };
}
