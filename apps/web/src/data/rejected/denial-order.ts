import { typeOfId } from '@keel/domain';
import type { Denial } from '../replica-types.ts';

/**
 * The order a batch of refusals is handled in: activity records after everything else, each
 * group as it arrived. A refused issue change and its record come in one batch; the record's
 * fate follows what became of the change (sent again, or undone), so the change goes first.
 */
export function inHandlingOrder(batch: readonly Denial[]): Denial[] {
  const rank = (d: Denial) => (typeOfId(d.id) === 'activity' ? 1 : 0);
  // Array.prototype.sort is stable: within a rank, arrival order is kept.
  return [...batch].sort((a, b) => rank(a) - rank(b));
}
