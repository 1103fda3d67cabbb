import type { OnlineStatus } from '../../shared/lib/online-status.ts';
import { PushWhileFilling } from '../push-while-filling.ts';
import type { PushedAhead, Written } from '../replica-push-ahead.ts';
import type { Denial, FillResult, Replica, Seq, WriteResult } from '../replica-types.ts';
import { readSnapshot, SNAPSHOT_TYPES, type SnapshotPart } from '../store-snapshot.ts';
import type { Pushed } from '../sync-monitor.ts';
import type { DirectionState } from '../sync-status.ts';
import type { WorkspaceStore } from '../workspace-store.ts';

/**
 * Where a first fill is: not running; running with nothing on the device yet; its store
 * snapshot saved while it runs (the workspace is on the device: the device counts as synced);
 * its snapshots saved at the filled replica's sequence, as it ends.
 */
export type FillPhase = 'idle' | 'filling' | 'on-device' | 'saved-at-end';

export type FillReplica = Pick<Replica, 'fill' | 'loadTypes' | 'versions'>;

export interface FirstFillDeps {
  store: Pick<WorkspaceStore, 'ingest' | 'apply' | 'markLoaded' | 'snapshot'>;
  /** The snapshots a fill cut off saved, shown while this one fetches everything again. */
  readSnapshot(part: SnapshotPart): Promise<Record<string, unknown> | null>;
  saveSnapshots(parts: readonly SnapshotPart[], seq: Seq): Promise<void>;
  remoteUrl: string;
  online: OnlineStatus;
  isClosed(): boolean;
  /** A change is on screen but not committed: no snapshot may hold it yet. */
  isWriting(): boolean;
  /** Changes can be made from here (the write queue opens). */
  release(): void;
  topUpNumbers(): void;
  /** The sync indicator while the fill runs (the monitor starts once it is done). */
  showFilling(pull: DirectionState, push: DirectionState, pending: number): void;
  onUnauthorized(): void;
  pushAhead(written: readonly Written[]): Promise<PushedAhead>;
  onDenied(denial: Denial): void;
  /** A document this page wrote during the fill is in conflict on the device: merge it. */
  noticedConflict(id: string): void;
  writePushMark(pushed: Pushed): Promise<void>;
}

/** What the open goes on with once a fill is done. */
export interface Filled {
  seq: Seq;
  pushed: Pushed;
  /** The snapshots were saved at `seq` as the fill ended. */
  savedAtEnd: boolean;
}

/**
 * First visit on this device, or a first visit cut off: the replica is filled from the server
 * (replica-bootstrap.ts) and the screens fill in page by page; changes can be made once the
 * lists are whole, and go up at once (push-while-filling.ts).
 */
export class FirstFill {
  private phase: FillPhase = 'idle';
  /** The fill's live feed answers. */
  private reachable = true;
  /** Documents this page wrote through the fill: settled against the replica once it ends. */
  private readonly written = new Set<string>();
  private readonly ahead: PushWhileFilling;

  constructor(private readonly deps: FirstFillDeps) {
    this.ahead = new PushWhileFilling((written) => deps.pushAhead(written), {
      onDenied: (denial) => deps.onDenied(denial),
      onCount: () => this.showFilling(),
    });
  }

  get currentPhase(): FillPhase {
    return this.phase;
  }

  /** A fill is running: what the page writes goes through it. */
  active(): boolean {
    return this.phase !== 'idle';
  }

  /** The page saved these revisions through the fill. */
  wrote(results: readonly WriteResult[]): void {
    for (const r of results) this.written.add(r.id);
    this.ahead.wrote(results.flatMap((r) => (r.rev ? [{ id: r.id, rev: r.rev }] : [])));
  }

  /**
   * Fill the replica. Once it is filled, `then` opens the rest (follows the replica, starts
   * sync) before the fill lets go. False when nothing was filled (offline, no fill needed, or
   * the server failed): the replica opens as it is and replication does the rest.
   */
  async run(replica: FillReplica, then: (filled: Filled) => void): Promise<boolean> {
    const { deps } = this;
    if (!deps.online.isOnline()) return false;
    // A fill cut off: show what its page saved while this one fetches everything again.
    const saved = await Promise.all(
      (['main', 'history'] as const).map(async (part) =>
        readSnapshot(await deps.readSnapshot(part).catch(() => null)),
      ),
    );
    // The lists alone when the fill was cut off before it had read comments and activity:
    // they follow from this fill, as they do on a fresh one.
    if (saved[0]) {
      deps.store.ingest(saved[0].docs, 'snapshot');
      deps.store.markLoaded('main');
    }
    if (saved[0] && saved[1]) {
      deps.store.ingest(saved[1].docs, 'snapshot');
      deps.store.markLoaded('history');
    }
    this.phase = 'filling';
    try {
      const filled = await replica.fill(deps.remoteUrl, {
        onDocs: (docs, deleted) => {
          if (deps.isClosed()) return;
          deps.store.ingest(docs, 'fill');
          if (deleted.length)
            deps.store.apply(deleted.map((id) => ({ id, seq: 0, deleted: true, doc: null })));
        },
        onMainRead: () => this.mainRead(),
        onCaughtUp: () => this.caughtUp(),
        onFilled: (result) => this.filledWritten(result),
        onLive: (reachable, status) => {
          this.reachable = reachable;
          if (reachable) this.ahead.retry();
          this.showFilling();
          // The session is gone, or this person's access to the workspace.
          if (status === 401 || status === 404) deps.onUnauthorized();
        },
      });
      if (!filled || deps.isClosed()) return filled !== null;
      // Changes saved through the fill that was cut off have not reached the server yet, so its
      // pages did not bring them: read them from the replica (a later revision replaces an
      // earlier one in the store, never the reverse).
      if (filled.resumed) {
        const docs = await replica.loadTypes([...SNAPSHOT_TYPES.main, ...SNAPSHOT_TYPES.history]);
        deps.store.ingest(docs, 'replica');
        deps.store.markLoaded('history');
      }
      if (deps.isClosed()) return true;
      // Read through the getter: the hooks above moved the phase while the fill ran.
      const savedAtEnd = this.currentPhase === 'saved-at-end';
      this.phase = 'idle';
      then({ seq: filled.seq, pushed: pushedAfter(filled), savedAtEnd });
      return true;
    } catch {
      // Closing the session stops the fill: nothing more to open.
      return deps.isClosed();
    } finally {
      this.phase = 'idle';
      this.ahead.stop();
      deps.release();
    }
  }

  /**
   * What this page wrote during the fill came before the sequence the store follows from. A
   * revision from another device that the fill wrote after it is a conflict the change feed did
   * not show: each such document is shown as the replica has it, and merged (SPEC §4).
   */
  async settle(replica: FillReplica): Promise<void> {
    for (const id of this.written) {
      const versions = await replica.versions(id).catch(() => null);
      if (this.deps.isClosed()) return;
      if (!versions) continue;
      const { _revisions: _history, ...doc } = versions.winner as {
        _id: string;
        _revisions?: unknown;
      };
      this.deps.store.apply([{ id, seq: 0, deleted: false, doc }]);
      if (versions.others.length) this.deps.noticedConflict(id);
    }
    this.written.clear();
  }

  /**
   * A fresh fill has brought everything the lists need (decision 014): they are whole, changes
   * can be made, and once their snapshot is saved the device counts as synced while comments
   * and activity follow.
   */
  private async mainRead(): Promise<void> {
    if (this.deps.isClosed()) return;
    this.deps.store.markLoaded('main');
    this.deps.release();
    await this.saveWhileFilling(['main']);
  }

  /**
   * Every document of the workspace is in memory. Saved whole as a store snapshot, before the
   * fill writes any document, it is on the device: the next open (offline too) shows it while
   * the replica's fill goes on behind. Changes can be made from here; they go through the fill.
   */
  private async caughtUp(): Promise<void> {
    if (this.deps.isClosed()) return;
    this.deps.store.markLoaded('main');
    this.deps.store.markLoaded('history');
    this.deps.release();
    await this.saveWhileFilling(['main', 'history']);
  }

  /**
   * Save these parts of the store as snapshots while the replica is still being filled
   * (sequence 0: they say nothing of the replica yet); once saved, the device counts as synced.
   * Not saved (a full disk, say): the fill writes the documents one by one all the same.
   */
  private async saveWhileFilling(parts: readonly SnapshotPart[]): Promise<void> {
    this.deps.topUpNumbers();
    try {
      await this.deps.saveSnapshots(parts, 0);
      if (this.phase === 'filling') this.phase = 'on-device';
      this.showFilling();
    } catch {
      // Left to the slow path: nothing is lost.
    }
  }

  /**
   * The fill has written everything and calls itself done once this settles: save the push mark
   * and the store's snapshots at the replica's sequence, so a page closed right after opens from
   * them. A resumed fill's store lacks what the cut-off one wrote (merged once it ends), and a
   * change on screen not yet committed must not reach a snapshot: both leave the snapshots to
   * the snapshot keeper.
   */
  private async filledWritten(filled: FillResult): Promise<void> {
    if (this.deps.isClosed()) return;
    await this.deps.writePushMark(pushedAfter(filled)).catch(() => undefined);
    if (filled.resumed || this.deps.isWriting() || this.deps.isClosed()) return;
    try {
      await this.deps.saveSnapshots(['main', 'history'], filled.seq);
      this.phase = 'saved-at-end';
    } catch {
      // Left to the snapshot keeper: the next open reads the replica's feed, nothing is lost.
    }
  }

  private showFilling(): void {
    if (this.phase !== 'on-device' && this.phase !== 'saved-at-end') return;
    const waiting = this.ahead.waiting;
    this.deps.showFilling(
      this.reachable ? 'idle' : 'unreachable',
      waiting ? 'starting' : 'idle',
      waiting,
    );
  }
}

/**
 * What a finished fill leaves to push: after a fresh one, the page's writes through it; after a
 * resumed one, everything from where the cut-off one started (changes made offline meanwhile
 * are not among its writes), which says too much rather than too little.
 */
export function pushedAfter(filled: FillResult): Pushed {
  return filled.resumed
    ? { seq: filled.push, waiting: [] }
    : { seq: filled.seq, waiting: filled.mine };
}
