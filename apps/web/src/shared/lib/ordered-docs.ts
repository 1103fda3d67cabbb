import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/** A document kept in an order of its own by a fractional `sortOrder` (milestones, favourites). */
export interface OrderedDoc {
  _id: string;
  sortOrder: string;
  updatedAt: string;
}

/**
 * The documents to write to move one a place earlier (-1) or later (+1) in `order` (a project's
 * milestones, a person's favourites, in their order): usually that one alone, with a key between
 * its new neighbours. Neighbours with equal keys (added on two devices at once) have no key
 * between them: then the whole order is keyed afresh, at most 100 documents (the limit of
 * either). Nothing at either end.
 */
export function moveInOrder<T extends OrderedDoc>(
  order: readonly T[],
  id: string,
  step: -1 | 1,
  now: string,
): T[] {
  const at = order.findIndex((m) => m._id === id);
  const to = at + step;
  const doc = order[at];
  if (!doc || to < 0 || to >= order.length) return [];
  const [before, after] = step < 0 ? [order[to - 1], order[to]] : [order[to], order[to + 1]];
  try {
    const sortOrder = generateKeyBetween(before?.sortOrder ?? null, after?.sortOrder ?? null);
    return [{ ...doc, sortOrder, updatedAt: now }];
  } catch {
    const moved = order.filter((d) => d._id !== id);
    moved.splice(to, 0, doc);
    const keys = generateNKeysBetween(null, null, moved.length);
    return moved.map((d, i) => ({ ...d, sortOrder: keys[i]!, updatedAt: now }));
  }
}

/** A key after `last`, to put a new document at the end; a malformed one starts afresh. */
export function keyAfter(last: string | null): string {
  try {
    return generateKeyBetween(last, null);
  } catch {
    return generateKeyBetween(null, null);
  }
}
