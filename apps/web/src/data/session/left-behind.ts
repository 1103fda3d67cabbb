import { typeOfId, type WorkspaceDoc } from '@keel/domain';
import type { PendingChange } from '../pending-journal.ts';
import type { ReplayOutcome } from '../pending-replay.ts';
import { rejectedDeletionText, rejectedText } from '../rejected/rejected-text.ts';
import type { RejectedChange } from '../rejected/rejected-store.ts';
import { changeSubject } from '../rejection-message.ts';

export const OVERTAKEN_REASON =
  'A change made just before Keel closed was not saved: it had changed on another device meanwhile.';

export interface LeftBehindDeps {
  replicaName: string;
  /** This page's write queue: a replayed change takes its turn with the page's own writes. */
  queue: { run<T>(task: () => Promise<T>): Promise<T> };
  isClosed(): boolean;
  /** The changes pages showed before committing them (pending-journal.ts). */
  journal: {
    leftBehind(replica: string): Map<string, PendingChange[]>;
    whenTabGone(tab: string, changes: PendingChange[], save: () => Promise<void>): void;
    isPending(key: string): boolean;
    forget(key: string): void;
  };
  /** Save one such change on the device (pending-replay.ts); throws if the device refuses. */
  replay(docs: readonly object[]): Promise<ReplayOutcome>;
  /** A change another one overtook: undone, and its content kept where the person finds it. */
  keepOvertaken(mine: { _id: string; _deleted?: boolean }, held: object | null): void;
}

/**
 * Save the changes another page showed but may not have committed before it closed, each once
 * that page is gone, in order. The store shows them when the change feed brings them.
 */
export function replayLeftBehind(deps: LeftBehindDeps): void {
  const { journal, replicaName } = deps;
  for (const [tab, seen] of journal.leftBehind(replicaName))
    journal.whenTabGone(tab, seen, async () => {
      // Read again now that the page is gone: what it committed meanwhile, or another page
      // saved while this one waited for the lock, is no longer there.
      for (const change of journal.leftBehind(replicaName).get(tab) ?? []) {
        const done = await deps.queue.run(async () => {
          if (deps.isClosed() || !journal.isPending(change.key)) return false;
          const outcome = await deps.replay(change.docs).catch(() => null);
          // Kept for the next open; the page's later changes were built on this one, so wait.
          if (outcome === null) return false;
          if (!outcome.saved) deps.keepOvertaken(outcome.mine, outcome.held);
          journal.forget(change.key);
          return true;
        });
        if (!done) return;
      }
    });
}

/** What is kept of an overtaken change under Rejected changes (SPEC §4: nothing typed is lost). */
export function overtakenChange(
  mine: { _id: string; _deleted?: boolean },
  held: object | null,
  where: { slug: string; lookup: (id: string) => WorkspaceDoc | undefined; at: string },
): Omit<RejectedChange, 'id'> | null {
  const type = typeOfId(mine._id);
  if (!type) return null;
  const { lookup } = where;
  return {
    slug: where.slug,
    docId: mine._id,
    docType: type,
    subject: changeSubject(mine._id, lookup),
    reason: OVERTAKEN_REASON,
    text: mine._deleted ? rejectedDeletionText(held, lookup) : rejectedText(mine, held, lookup),
    at: where.at,
  };
}
