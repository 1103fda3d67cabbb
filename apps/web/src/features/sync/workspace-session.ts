import type { Role } from '@keel/domain';
import { SnapshotDb, snapshotDbName } from './snapshot-db.ts';
import { afterPaint } from '../../shared/lib/after-paint.ts';
import { showToast } from '../../shared/ui/toast-store.ts';
import type { CheckedWrites } from './check-writes.ts';
import { baseVersionsDbName } from './merge/base-versions.ts';
import { ConflictMerger } from './merge/conflict-merger.ts';
import { rememberReplica } from './known-replicas.ts';
import {
  forgetPending,
  isPending,
  keepPending,
  leftBehind,
  whenTabGone,
} from './pending-journal.ts';
import { replayPending } from './pending-replay.ts';
import { OVERTAKEN_REASON, overtakenChange, replayLeftBehind } from './session/left-behind.ts';
import { keepRejected } from './rejected/rejected-store.ts';
import { numbersNeeded, topUpNumbers } from './number-reserve.ts';
import { NumberKeeper } from './session/number-keeper.ts';
import { SessionWriter, type WriteOutcome } from './session/session-writer.ts';
import { SnapshotKeeper } from './session/snapshot-keeper.ts';
import { systemClock } from '../../shared/lib/clock.ts';
import { browserOnlineStatus } from '../../shared/lib/online-status.ts';
import { PushWhileFilling } from './push-while-filling.ts';
import { DenialQueue } from './session/denial-queue.ts';
import { handleDenial } from './rejected/handle-denial.ts';
import { ResendBudget } from './rejected/sent-too-early.ts';
import type { Replica, ReplicaChange, Seq } from './replica.ts';
import type { FillResult } from './replica-types.ts';
import { replicaName } from './replica-name.ts';
import { earlierSeq, readSnapshot, SNAPSHOT_TYPES, type SnapshotPart } from './store-snapshot.ts';
import { SyncMonitor, writePushMark, type Pushed } from './sync-monitor.ts';
import { WriteQueue } from './write-queue.ts';
import { WorkspaceStore } from './workspace-store.ts';
import { UndoStack } from '../undo/undo-stack.ts';
import { restoreInSlices } from './restore-in-slices.ts';

export type { WriteOutcome } from './session/session-writer.ts';

// Changes after the store snapshot read before the first render; more are left to the feed.
const CATCH_UP_BEFORE_SHOWING = 500;

export interface SessionParams {
  userId: string;
  slug: string;
  role: Role;
  onUnauthorized: () => void;
}

/**
 * One open workspace on this device: its replica, the in-memory store the screens read, the live
 * sync and its status. Writes go through `write`, which checks the domain rules and saves to the
 * device; the store then updates from the device's change feed and sync carries it to the server.
 */
export class WorkspaceSession {
  readonly store = new WorkspaceStore();
  /** The person's changes on this device, for Ctrl/Cmd+Z and the toasts' Undo. */
  readonly undo = new UndoStack();
  readonly monitor: SyncMonitor;
  readonly userId: string;
  readonly slug: string;
  role: Role;
  private readonly onUnauthorized: () => void;
  private readonly replicaName: string;
  private readonly replica: Promise<Replica>;
  private readonly snapshots: SnapshotDb;
  private readonly conflicts: ConflictMerger;
  private readonly numbers: NumberKeeper;
  private readonly snapshotKeeper: SnapshotKeeper;
  private readonly writer: SessionWriter;
  private readonly cleanups: (() => void)[] = [];
  private closed = false;

  constructor(params: SessionParams) {
    this.userId = params.userId;
    this.slug = params.slug;
    this.role = params.role;
    this.onUnauthorized = params.onUnauthorized;
    const name = replicaName(params.userId, params.slug);
    this.replicaName = name;
    this.snapshots = new SnapshotDb(snapshotDbName(name));
    this.snapshotKeeper = new SnapshotKeeper({
      store: this.store,
      snapshots: this.snapshots,
      clock: systemClock,
      isWriting: () => this.writer.isWriting(),
      followedSeq: () => this.followedSeq,
    });
    rememberReplica(name);
    this.replica = import('./replica.ts').then(({ openReplicaWhenClosed }) =>
      openReplicaWhenClosed(name),
    );
    this.conflicts = new ConflictMerger(baseVersionsDbName(name), {
      replica: this.replica,
      queue: this.queue,
      userId: this.userId,
      role: () => this.role,
      lookup: (id) => this.store.get(id),
    });
    this.monitor = new SyncMonitor(this.remoteUrl, {
      onDenied: (denial) => this.denials.push(denial),
      onUnauthorized: params.onUnauthorized,
    });
    this.writer = new SessionWriter({
      replica: this.replica,
      store: this.store,
      queue: this.queue,
      userId: this.userId,
      role: () => this.role,
      journal: { keep: (docs) => keepPending(name, docs), forget: forgetPending },
      afterPaint,
      sync: {
        startSaving: () => this.monitor.startSaving(),
        pullBusy: () => ['active', 'starting'].includes(this.monitor.signals.get().pull),
      },
      editing: (base) => this.conflicts.editing(base),
      followedSeq: () => this.followedSeq,
      fill: {
        active: () => this.filling,
        wrote: (results) => {
          for (const r of results) this.writtenWhileFilling.add(r.id);
          this.ahead.wrote(results.flatMap((r) => (r.rev ? [{ id: r.id, rev: r.rev }] : [])));
        },
      },
    });
    this.numbers = new NumberKeeper({
      store: this.store,
      userId: this.userId,
      slug: this.slug,
      role: () => this.role,
      online: browserOnlineStatus,
      numbers: { needed: numbersNeeded, topUp: topUpNumbers },
      setReserving: (reserving) => this.monitor.setReserving(reserving),
    });
    // From the first projects on screen (a first fill's first page), not once the replica is
    // open: a device that says Synced must be able to create issues offline.
    this.cleanups.push(this.numbers.start());
    this.open().catch((error: unknown) => {
      if (this.closed) return; // closing mid-open is expected, e.g. switching workspaces
      const reason = error instanceof Error ? error.message : String(error);
      showToast(`Keel couldn't open this workspace on this device: ${reason}`, 'error');
    });
  }

  get remoteUrl(): string {
    return `${location.origin}/db/${this.slug}`;
  }

  private readonly resends = new ResendBudget();
  private readonly denials = new DenialQueue(
    async (denial) =>
      handleDenial(denial, {
        replica: await this.replica,
        remoteUrl: this.remoteUrl,
        userId: this.userId,
        slug: this.slug,
        lookup: (id) => this.store.get(id),
        resends: this.resends,
      }),
    (message) => showToast(message, 'error'),
  );

  get key(): string {
    return sessionKey(this.userId, this.slug);
  }

  private async open(): Promise<void> {
    const replica = await this.replica;
    if ((await replica.needsFill().catch(() => false)) && (await this.fill(replica))) return;
    this.queue.release();
    // What lists and boards show comes first, so the first screen renders from it; comments and
    // activity (most of a workspace's documents) follow a moment later.
    const main = readSnapshot(await this.snapshots.read('main').catch(() => null));
    let from: Seq;
    if (main) {
      // A snapshot is saved seconds after a change, so it can miss the last few (another tab's,
      // a sync's just before closing). Read first, they join it in the first render, so a list
      // does not shift under the pointer a moment after it shows. More are left to the feed.
      const recent = await replica.changesAfter(main.seq, CATCH_UP_BEFORE_SHOWING);
      if (this.closed) return;
      this.store.ingest(main.docs, 'snapshot');
      this.store.markLoaded('main');
      this.received(recent.changes);
      from = recent.last;
    } else {
      from = await replica.updateSeq();
      const docs = await replica.loadTypes(SNAPSHOT_TYPES.main);
      if (this.closed) return;
      this.store.ingest(docs, 'replica');
      this.store.markLoaded('main');
    }
    this.follow(replica, from);
    this.saveLeftBehind(replica);

    const history = readSnapshot(await this.snapshots.read('history').catch(() => null));
    if (this.closed) return;
    if (history) {
      // An older history snapshot misses what changed between it and where the store follows.
      // Its documents go in first; history is called loaded only once the rest is read, so no
      // screen shows the older one as all there is.
      const behind = earlierSeq(history.seq, from) !== from;
      // In slices, a task each: at 100,000 issues the history is 300,000 documents, one task of
      // 0.9 s that held back a change arriving meanwhile (the second browser's tail in the bench).
      const loaded = behind ? null : 'history';
      if (!(await restoreInSlices(this.store, history.docs, loaded, () => !this.closed))) return;
      if (behind) {
        try {
          this.store.apply(await replica.changesBetween(history.seq, from));
        } finally {
          // Unreadable, the older history is still better than a screen waiting for ever.
          this.store.markLoaded('history');
        }
      }
    } else {
      const docs = await replica.loadTypes(SNAPSHOT_TYPES.history);
      if (this.closed) return;
      this.store.ingest(docs, 'replica');
      this.store.markLoaded('history');
    }
    this.keepSnapshots(main !== null && history !== null, history !== null);
  }

  /**
   * First visit on this device, or a first visit cut off: the replica is filled from the server
   * (replica-bootstrap.ts) and the screens fill in page by page. Offline, or if the server fails,
   * the replica opens as it is and replication does the rest. False when nothing was filled.
   */
  private async fill(replica: Replica): Promise<boolean> {
    if (!navigator.onLine) return false;
    // A fill cut off: show what its page saved while this one fetches everything again.
    const saved = await Promise.all(
      (['main', 'history'] as const).map(async (part) =>
        readSnapshot(await this.snapshots.read(part).catch(() => null)),
      ),
    );
    if (saved[0] && saved[1]) {
      this.store.ingest(saved[0].docs, 'snapshot');
      this.store.ingest(saved[1].docs, 'snapshot');
      this.store.markLoaded('main');
      this.store.markLoaded('history');
    }
    this.filling = true;
    try {
      const filled = await replica.fill(this.monitor.remoteUrl, {
        onDocs: (docs, deleted) => {
          if (this.closed) return;
          this.store.ingest(docs, 'fill');
          if (deleted.length)
            this.store.apply(deleted.map((id) => ({ id, seq: 0, deleted: true, doc: null })));
        },
        onMainRead: () => this.mainRead(),
        onCaughtUp: () => this.caughtUp(),
        onFilled: (result) => this.filledWritten(replica, result),
        onLive: (reachable, status) => {
          this.fillReachable = reachable;
          if (reachable) this.ahead.retry();
          this.showFilling();
          // The session is gone, or this person's access to the workspace.
          if (status === 401 || status === 404) this.onUnauthorized();
        },
      });
      if (!filled || this.closed) return filled !== null;
      // Changes saved through the fill that was cut off have not reached the server yet, so its
      // pages did not bring them: read them from the replica (a later revision replaces an
      // earlier one in the store, never the reverse).
      if (filled.resumed) {
        const docs = await replica.loadTypes([...SNAPSHOT_TYPES.main, ...SNAPSHOT_TYPES.history]);
        this.store.ingest(docs, 'replica');
        this.store.markLoaded('history');
      }
      if (this.closed) return true;
      this.filling = false;
      // Resumed, the changes made since the fill was cut off may not be among `mine` (written
      // offline, outside a fill): all of the replica is counted as waiting until the push has
      // been through it, which says too much rather than too little.
      this.follow(replica, filled.seq, pushedAfter(filled));
      void this.settleWrittenWhileFilling(replica);
      this.saveLeftBehind(replica);
      // Saved as the fill ended (`filledWritten`), or else the snapshot saved when the feed was
      // caught up is replaced at once by one that knows its sequence: opening from one that does
      // not reads the whole replica's feed.
      if (this.savedAtFill) this.keepSnapshots(true, true);
      else this.keepSnapshots(false, false, 0);
      return true;
    } catch {
      // Closing the session stops the fill: nothing more to open.
      return this.closed;
    } finally {
      this.filling = false;
      this.ahead.stop();
      this.queue.release();
    }
  }

  /** A first fill is running (replica-bootstrap.ts). */
  private filling = false;
  /** The store's snapshots were saved at the filled replica's sequence (`filledWritten`). */
  private savedAtFill = false;

  /**
   * The fill has written everything and calls itself done once this settles: save the push mark
   * and the store's snapshots at the replica's sequence, so a page closed right after opens from
   * them. A resumed fill's store lacks what the cut-off one wrote (merged once it ends), and a
   * change on screen not yet committed must not reach a snapshot: both leave the snapshots to
   * `keepSnapshots`.
   */
  private async filledWritten(replica: Replica, filled: FillResult): Promise<void> {
    if (this.closed) return;
    await writePushMark(replica, pushedAfter(filled)).catch(() => undefined);
    if (filled.resumed || this.writer.isWriting() || this.closed) return;
    try {
      await this.snapshotKeeper.saveNow(['main', 'history'], filled.seq);
      this.savedAtFill = true;
    } catch {
      // Left to keepSnapshots: the next open reads the replica's feed, nothing is lost.
    }
  }
  /** The fill's snapshot is saved: the workspace is on the device. */
  private savedWhileFilling = false;
  /** The fill's live feed answers. */
  private fillReachable = true;
  /** Documents this page wrote through the fill: settled against the replica once it ends. */
  private readonly writtenWhileFilling = new Set<string>();
  /**
   * Those writes go up at once rather than when the fill ends, which at 100,000 issues is minutes
   * later; replication takes over when it starts.
   */
  private readonly ahead = new PushWhileFilling(
    async (written) => (await this.replica).pushAhead(this.remoteUrl, written),
    { onDenied: (denial) => this.denials.push(denial), onCount: () => this.showFilling() },
  );

  /**
   * A fresh fill has brought everything the lists need (decision 014): they are whole, changes
   * can be made, and once their snapshot is saved the device counts as synced while comments
   * and activity follow.
   */
  private async mainRead(): Promise<void> {
    if (this.closed) return;
    this.store.markLoaded('main');
    this.queue.release();
    await this.saveWhileFilling(['main']);
  }

  /**
   * Every document of the workspace is in memory. Saved whole as a store snapshot, before the
   * fill writes any document, it is on the device: the next open (offline too) shows it while
   * the replica's fill goes on behind. Changes can be made from here; they go through the fill.
   */
  private async caughtUp(): Promise<void> {
    if (this.closed) return;
    this.store.markLoaded('main');
    this.store.markLoaded('history');
    this.queue.release();
    await this.saveWhileFilling(['main', 'history']);
  }

  /**
   * Save these parts of the store as snapshots while the replica is still being filled
   * (sequence 0: they say nothing of the replica yet); once saved, the device counts as synced.
   * Not saved (a full disk, say): the fill writes the documents one by one all the same.
   */
  private async saveWhileFilling(parts: readonly SnapshotPart[]): Promise<void> {
    this.numbers.topUp();
    try {
      await this.snapshotKeeper.saveNow(parts, 0);
      this.savedWhileFilling = true;
      this.showFilling();
    } catch {
      // Left to the slow path: nothing is lost.
    }
  }

  private showFilling(): void {
    if (!this.filling || !this.savedWhileFilling) return;
    const waiting = this.ahead.waiting;
    this.monitor.showFilling(
      this.fillReachable ? 'idle' : 'unreachable',
      waiting ? 'starting' : 'idle',
      waiting,
    );
  }

  /**
   * What this page wrote during the fill came before the sequence the store follows from. A
   * revision from another device that the fill wrote after it is a conflict the change feed did
   * not show: each such document is shown as the replica has it, and merged (SPEC §4).
   */
  private async settleWrittenWhileFilling(replica: Replica): Promise<void> {
    for (const id of this.writtenWhileFilling) {
      const versions = await replica.versions(id).catch(() => null);
      if (this.closed) return;
      if (!versions) continue;
      const { _revisions: _history, ...doc } = versions.winner as {
        _id: string;
        _revisions?: unknown;
      };
      this.store.apply([{ id, seq: 0, deleted: false, doc }]);
      if (versions.others.length) this.conflicts.noticed(id);
    }
    this.writtenWhileFilling.clear();
  }

  /** Keep the store following the replica from `seq`, and start live sync. */
  private follow(replica: Replica, seq: Seq, pushed?: Pushed): void {
    if (this.closed) return;
    this.followedSeq = seq;
    this.numbers.topUp();
    // Follow from the sequence read before loading, so nothing written meanwhile is missed.
    this.cleanups.push(
      replica.watch(seq, (changes) => {
        this.received(changes);
        const last = changes.at(-1);
        if (last) this.followedSeq = last.seq;
      }),
    );
    void this.monitor.start(replica, pushed);
    this.cleanups.push(() => this.monitor.stop());
  }

  /** Changes of the replica: into the store; what was edited on two devices is merged. */
  private received(changes: readonly ReplicaChange[]): void {
    this.store.apply(changes);
    this.monitor.localChanged();
    for (const change of changes) if (change.conflicts?.length) this.conflicts.noticed(change.id);
  }

  /** Keep the store's snapshots current (session/snapshot-keeper.ts) until the session closes. */
  private keepSnapshots(fresh: boolean, historyRead: boolean, firstDelay?: number): void {
    if (this.closed) return;
    this.cleanups.push(this.snapshotKeeper.keep({ fresh, historyRead, firstDelay }));
  }

  /** Save what closed pages showed but may not have committed (session/left-behind.ts). */
  private saveLeftBehind(replica: Replica): void {
    replayLeftBehind({
      replicaName: this.replicaName,
      queue: this.queue,
      isClosed: () => this.closed,
      journal: { leftBehind, whenTabGone, isPending, forget: forgetPending },
      replay: (docs) => replayPending(replica, docs),
      keepOvertaken: (mine, held) => {
        const lookup = (id: string) => this.store.get(id);
        const at = new Date().toISOString();
        const kept = overtakenChange(mine, held, { slug: this.slug, lookup, at });
        if (!kept) return;
        keepRejected(this.userId, kept);
        showToast(`${OVERTAKEN_REASON} It is kept under Rejected changes.`, 'error');
      },
    });
  }

  /** The replica sequence the store has caught up with. */
  private followedSeq: Seq = 0;
  // Writes wait until the replica is open; during a first bootstrap that is until it is filled,
  // so a change made meanwhile is never mistaken for part of the server's snapshot.
  private readonly queue = new WriteQueue();

  /** Save documents on this device (session/session-writer.ts). */
  update(build: () => readonly unknown[] | null): Promise<WriteOutcome> {
    return this.writer.update(build);
  }

  write(docs: readonly unknown[]): Promise<WriteOutcome> {
    return this.writer.write(docs);
  }

  /** The domain's write rules on `docs` as this page would save them now. */
  check(docs: readonly unknown[]): CheckedWrites {
    return this.writer.check(docs);
  }

  /** The revision this page's deletion of a document was saved as, if it deleted it. */
  deletedRevision(id: string): string | undefined {
    return this.writer.deletedRevision(id);
  }

  /** Stop everything; resolves once the replica's connection is closed. */
  close(): Promise<void> {
    this.closed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.snapshots.close();
    this.conflicts.close();
    return this.replica.then((replica) => replica.close()).catch(() => undefined);
  }
}

/**
 * What a finished fill leaves to push: after a fresh one, the page's writes through it; after a
 * resumed one, everything from where the cut-off one started (changes made offline meanwhile
 * are not among its writes), which says too much rather than too little.
 */
function pushedAfter(filled: FillResult): Pushed {
  return filled.resumed
    ? { seq: filled.push, waiting: [] }
    : { seq: filled.seq, waiting: filled.mine };
}

export function sessionKey(userId: string, slug: string): string {
  return `${userId}/${slug}`;
}

let current: WorkspaceSession | null = null;

/**
 * The session for a workspace, opened once and shared by every component of the page. Opening
 * another workspace closes the previous one: only the workspace on screen syncs.
 */
export function acquireWorkspaceSession(params: SessionParams): WorkspaceSession {
  if (current?.key === sessionKey(params.userId, params.slug)) {
    current.role = params.role;
    return current;
  }
  void current?.close();
  current = new WorkspaceSession(params);
  return current;
}

/**
 * Close the session of this workspace if it is open. Resolves once its replica is closed: a
 * replica opened again meanwhile would share the connection being closed, and its reads fail.
 */
export async function closeWorkspaceSessionFor(userId: string, slug: string): Promise<void> {
  if (current?.key !== sessionKey(userId, slug)) return;
  const closing = current.close();
  current = null;
  await closing;
}

/** Close whatever is open, before the device's data is deleted. */
export function closeWorkspaceSession(): void {
  void current?.close();
  current = null;
}
