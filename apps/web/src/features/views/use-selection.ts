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
 * touches something the user cannot see. `orderOf` gives the issue ids shown; it is called only
 * while something is selected or being selected, so a filter keystroke with nothing selected
 * builds no list of 10,000 ids.
 */
export function useSelection(orderOf: () => readonly string[]) {
  const [raw, setRaw] = useState<Selection>(EMPTY_SELECTION);
  const selection = useMemo(
    () => (raw.ids.size ? keepVisible(raw, new Set(orderOf())) : raw),
    [raw, orderOf],
  );
  const select = useCallback(
    (id: string, range: boolean) =>
      setRaw((current) => {
        const order = orderOf();
        const base = keepVisible(current, new Set(order));
        return range ? selectRange(base, id, order) : toggleSelected(base, id);
      }),
    [orderOf],
  );
  const clear = useCallback(() => setRaw(EMPTY_SELECTION), []);
  const ids = useMemo(() => [...selection.ids], [selection]);
  return { selected: selection.ids, ids, select, clear };
}
