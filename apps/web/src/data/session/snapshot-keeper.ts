import type { DocType, WorkspaceDoc } from '@keel/domain';
import type { Clock } from '../../shared/lib/clock.ts';
import type { Seq } from '../replica-types.ts';
import { SNAPSHOT_TYPES, SNAPSHOT_VERSION, type SnapshotPart } from '../store-snapshot.ts';

// Long enough that a burst of changes (a sync catching up, a bulk edit) is saved once.
export const SNAPSHOT_DELAY_MS = 3_000;
// The history part is most of the workspace; rewriting it after every comment would be a busy
// main thread for little gain (an older history snapshot is caught up from the replica).
export const HISTORY_SNAPSHOT_EVERY_MS = 30_000;

const PARTS = ['main', 'history'] as const;

export interface SnapshotKeeperDeps {
  store: {
    snapshot(types: readonly DocType[]): WorkspaceDoc[];
    /** Changes whenever a document of these types does: what was saved is compared by it. */
    versions(types: readonly DocType[]): readonly (readonly unknown[])[];
    subscribe(listener: () => void): () => void;
    isHistoryLoaded(): boolean;
  };
  snapshots: {
    write(
      part: SnapshotPart,
      value: { version: string; seq: Seq; docs: readonly unknown[] },
    ): Promise<unknown>;
  };
  clock: Clock;
  /** A change is on screen but not yet committed: it may be refused, so no snapshot has it. */
  isWriting(): boolean;
  /** The replica sequence the store has caught up with: what a snapshot saved now covers. */
  followedSeq(): Seq;
}

/**
 * Saves the in-memory store as snapshots (store-snapshot.ts), which the next open shows before
 * reading the replica: a few seconds after the store changes, each part only when its documents
 * changed, the history part at most every HISTORY_SNAPSHOT_EVERY_MS.
 */
export class SnapshotKeeper {
  constructor(private readonly deps: SnapshotKeeperDeps) {}

  /** Save these parts now, as covering the replica up to `seq`. Throws if storage refuses. */
  async saveNow(parts: readonly SnapshotPart[], seq: Seq): Promise<void> {
    for (const part of parts) {
      const docs = this.deps.store.snapshot(SNAPSHOT_TYPES[part]);
      await this.deps.snapshots.write(part, { version: SNAPSHOT_VERSION, seq, docs });
    }
  }

  /**
   * Keep the snapshots current until the returned stop is called. `fresh`: the snapshots just
   * read are current already. `historyRead`: a history snapshot was read, so the next save of it
   * waits its turn like any other.
   */
  keep(options: { fresh: boolean; historyRead: boolean; firstDelay?: number }): () => void {
    const { store, clock } = this.deps;
    const written = new Map<SnapshotPart, readonly (readonly unknown[])[]>();
    if (options.fresh)
      for (const part of PARTS) written.set(part, store.versions(SNAPSHOT_TYPES[part]));
    let timer: unknown = null;
    let saving = false;
    let stopped = false;
    let historyAt = clock.now();
    const save = async () => {
      timer = null;
      if (saving || stopped) return;
      saving = true;
      try {
        for (const part of PARTS) {
          if (part === 'history' && !store.isHistoryLoaded()) continue;
          const versions = store.versions(SNAPSHOT_TYPES[part]);
          const previous = written.get(part);
          if (previous && versions.every((v, i) => v === previous[i])) continue;
          if (
            part === 'history' &&
            (previous || options.historyRead) &&
            clock.now() - historyAt < HISTORY_SNAPSHOT_EVERY_MS
          ) {
            schedule(); // changed, but saved recently: look again later
            continue;
          }
          // Checked for each part, as a change can start while the previous one saves.
          if (this.deps.isWriting()) {
            schedule();
            break;
          }
          await this.saveNow([part], this.deps.followedSeq());
          written.set(part, versions);
          if (part === 'history') historyAt = clock.now();
        }
      } catch {
        // A cache: if it cannot be written (storage full), the next open takes the slow path.
      } finally {
        saving = false;
      }
    };
    const schedule = (delay = SNAPSHOT_DELAY_MS) => {
      if (stopped) return;
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(() => void save(), delay);
    };
    schedule(options.firstDelay);
    const unsubscribe = store.subscribe(() => schedule());
    return () => {
      stopped = true;
      unsubscribe();
      if (timer !== null) clock.clearTimeout(timer);
    };
  }
}
