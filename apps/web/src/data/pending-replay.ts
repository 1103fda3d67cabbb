import { typeOfId } from '@keel/domain';
import { sameContent } from './rejected/same-content.ts';
import type { LeafVersion, WriteResult } from './replica-types.ts';

export interface ReplayTarget {
  bulk(docs: readonly object[]): Promise<WriteResult[]>;
  /** The winning version on the device, deleted or not; null if never seen. */
  current(id: string): Promise<LeafVersion | null>;
}

export type ReplayOutcome =
  | { saved: true }
  /** Another change overtook `mine`: nothing of the change was written. `held`: what is there. */
  | { saved: false; mine: { _id: string; _deleted?: boolean }; held: object | null };

/**
 * Save one change a page showed but may not have committed before it closed (pending-journal.ts).
 *
 * Every document is looked at before anything is written. An update whose base revision is
 * still the device's is written; one whose content the device already holds had landed before
 * the page closed; any other was overtaken by another change (another device or tab), and then
 * none of the change is written: not its other documents, not its activity records. A new
 * document the device has ever held (even deleted since) had landed and is left as it is.
 * Throws if the device refuses a write, so the change is kept for a later attempt.
 */
export async function replayPending(
  target: ReplayTarget,
  docs: readonly object[],
): Promise<ReplayOutcome> {
  const toWrite: object[] = [];
  for (const doc of docs) {
    const mine = doc as { _id: string; _rev?: string; _deleted?: boolean };
    const held = await target.current(mine._id);
    if (mine._rev === undefined) {
      if (held === null) toWrite.push(doc);
      // A relation's id follows from its kind and issues, so one removed and added again (an
      // Undo) is a new document under a deleted one's id: held deleted, it never landed. (Had it
      // landed and been removed since, writing it again keeps what the person last asked for.)
      else if (held.deleted && mine._deleted !== true && typeOfId(mine._id) === 'relation')
        toWrite.push({ ...doc, _rev: held.rev });
      continue;
    }
    if (held?.rev === mine._rev) toWrite.push(doc);
    else if (
      mine._deleted === true ? held?.deleted !== true : !sameContent(held?.doc ?? null, mine)
    )
      return { saved: false, mine, held: held?.doc ?? null };
  }
  if (toWrite.length === 0) return { saved: true };
  const refused = (await target.bulk(toWrite)).find((r) => !r.ok);
  if (refused) throw new Error(`${refused.id}: ${refused.reason ?? refused.error ?? 'refused'}`);
  return { saved: true };
}
