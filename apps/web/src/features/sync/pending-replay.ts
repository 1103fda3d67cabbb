import { sameContent } from './rejected/same-content.ts';
import type { WriteResult } from './replica-types.ts';

export interface ReplayTarget {
  bulk(docs: readonly object[]): Promise<WriteResult[]>;
  /** The document as the device holds it; null when absent or deleted. */
  get(id: string): Promise<unknown>;
}

export type ReplayOutcome =
  | { saved: true }
  /** `mine` was not saved: the device holds `held` instead (null: deleted). */
  | { saved: false; mine: { _id: string; _deleted?: boolean }; held: unknown };

/**
 * Save one change a page showed but may not have committed before it closed (pending-journal.ts).
 *
 * Each update was made from a base revision, so the replica's own revision rule says what
 * landed: an update it refuses as a conflict was either saved before the page closed (the
 * device holds exactly this content) or overtaken by another change, from another device or tab.
 * An overtaken change was not made, so its new documents (its activity records) are not saved
 * either. New documents already there are refused and left as they are.
 */
export async function replayPending(
  target: ReplayTarget,
  docs: readonly object[],
): Promise<ReplayOutcome> {
  const updates = docs.filter((d) => '_rev' in d);
  const creates = docs.filter((d) => !('_rev' in d));
  if (updates.length) {
    const results = await target.bulk(updates);
    for (const [i, result] of results.entries()) {
      if (result.ok) continue;
      const mine = updates[i] as unknown as { _id: string; _deleted?: boolean };
      const held = await target.get(mine._id);
      const landed = sameContent(held, mine._deleted === true ? null : mine);
      if (!landed) return { saved: false, mine, held };
    }
  }
  if (creates.length) await target.bulk(creates);
  return { saved: true };
}
