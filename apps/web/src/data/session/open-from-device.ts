import type { Replica, ReplicaChange, Seq } from '../replica-types.ts';
import { restoreInSlices } from '../restore-in-slices.ts';
import { earlierSeq, readSnapshot, SNAPSHOT_TYPES, type SnapshotPart } from '../store-snapshot.ts';
import type { WorkspaceStore } from '../workspace-store.ts';

// Changes after the store snapshot read before the first render; more are left to the feed.
export const CATCH_UP_BEFORE_SHOWING = 500;

export type OpenReplica = Pick<
  Replica,
  'changesAfter' | 'updateSeq' | 'loadTypes' | 'changesBetween'
>;

export interface OpenDeps {
  store: Pick<WorkspaceStore, 'ingest' | 'markLoaded' | 'apply'>;
  readSnapshot(part: SnapshotPart): Promise<Record<string, unknown> | null>;
  isClosed(): boolean;
  /** Changes of the replica into the store (and conflicts noticed). */
  received(changes: readonly ReplicaChange[]): void;
  /** Follow the replica's change feed from `seq` and start sync. */
  follow(seq: Seq): void;
  /** What lists and boards need is in: the rest of the open can go on behind. */
  mainShown(): void;
  /** The open is done; whether its snapshots were current and whether history came from one. */
  keepSnapshots(fresh: boolean, historyRead: boolean): void;
}

/**
 * Open a workspace already on the device: from the store's snapshots when there are, caught up
 * from the replica's change feed, else from the replica itself. What lists and boards show
 * comes first, so the first screen renders from it; comments and activity (most of a
 * workspace's documents) follow a moment later.
 */
export async function openFromDevice(replica: OpenReplica, deps: OpenDeps): Promise<void> {
  const { store } = deps;
  const main = readSnapshot(await deps.readSnapshot('main').catch(() => null));
  let from: Seq;
  if (main) {
    // A snapshot is saved seconds after a change, so it can miss the last few (another tab's,
    // a sync's just before closing). Read first, they join it in the first render, so a list
    // does not shift under the pointer a moment after it shows. More are left to the feed.
    const recent = await replica.changesAfter(main.seq, CATCH_UP_BEFORE_SHOWING);
    if (deps.isClosed()) return;
    store.ingest(main.docs, 'snapshot');
    store.markLoaded('main');
    deps.received(recent.changes);
    from = recent.last;
  } else {
    from = await replica.updateSeq();
    const docs = await replica.loadTypes(SNAPSHOT_TYPES.main);
    if (deps.isClosed()) return;
    store.ingest(docs, 'replica');
    store.markLoaded('main');
  }
  deps.follow(from);
  deps.mainShown();

  const history = readSnapshot(await deps.readSnapshot('history').catch(() => null));
  if (deps.isClosed()) return;
  if (history) {
    // An older history snapshot misses what changed between it and where the store follows.
    // Its documents go in first; history is called loaded only once the rest is read, so no
    // screen shows the older one as all there is.
    const behind = earlierSeq(history.seq, from) !== from;
    // In slices, a task each: at 100,000 issues the history is 300,000 documents, one task of
    // 0.9 s that held back a change arriving meanwhile (the second browser's tail in the bench).
    const loaded = behind ? null : 'history';
    if (!(await restoreInSlices(store, history.docs, loaded, () => !deps.isClosed()))) return;
    if (behind) {
      try {
        store.apply(await replica.changesBetween(history.seq, from));
      } finally {
        // Unreadable, the older history is still better than a screen waiting for ever.
        store.markLoaded('history');
      }
    }
  } else {
    const docs = await replica.loadTypes(SNAPSHOT_TYPES.history);
    if (deps.isClosed()) return;
    store.ingest(docs, 'replica');
    store.markLoaded('history');
  }
  deps.keepSnapshots(main !== null && history !== null, history !== null);
}
