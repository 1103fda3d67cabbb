import type { InboxNotification } from './derive-notifications.ts';

/** Newest first; the id breaks ties so the order never flickers between renders. */
export function newestFirst(a: InboxNotification, b: InboxNotification): number {
  return b.atMs - a.atMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Where `n` goes in a list ordered by `newestFirst`, found by halving. */
export function placeOf(list: readonly InboxNotification[], n: InboxNotification): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (newestFirst(list[middle]!, n) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
