// Over 300 lines (just): the composition root of an open workspace, where the parts in session/
// (writer, first fill, opening from the device, snapshots, denials, replay) are built and wired.
import type { Role } from '@keel/domain';
import { SnapshotDb, snapshotDbName } from './snapshot-db.ts';
import { afterPaint } from '../shared/lib/after-paint.ts';
import { showToast } from '../shared/ui/toast-store.ts';
import type { CheckedWrites } from './check-writes.ts';
import { baseVersionsDbName } from './merge/base-versions.ts';
import { ConflictMerger } from './merge/conflict-merger.ts';
import { rememberReplica } from './known-replicas.ts';
import {
  forgetPending,
  isPending,
  keepPending,
  rewritePending,
  leftBehind,
  whenTabGone,
} from './pending-journal.ts';
import { replayPending } from './pending-replay.ts';
import { OVERTAKEN_REASON, overtakenChange, replayLeftBehind } from './session/left-behind.ts';
import { keepRejected } from './rejected/rejected-store.ts';
import { numbersNeeded, topUpNumbers } from './number-reserve.ts';
import { NumberKeeper } from './session/number-keeper.ts';
import { openFromDevice } from './session/open-from-device.ts';
import { FirstFill, type Filled } from './session/first-fill.ts';
import { SessionWriter, type WriteOutcome } from './session/session-writer.ts';
import { SnapshotKeeper } from './session/snapshot-keeper.ts';
import { systemClock } from '../shared/lib/clock.ts';
import { browserOnlineStatus } from '../shared/lib/online-status.ts';
import { DenialQueue } from './session/denial-queue.ts';
import { handleDenial } from './rejected/handle-denial.ts';
import { ResendBudget } from './rejected/sent-too-early.ts';
import type { Replica, ReplicaChange, Seq } from './replica.ts';
import { replicaName } from './replica-name.ts';
import { SessionFiles } from './files/session-files.ts';
import { SyncMonitor, writePushMark, type Pushed } from './sync-monitor.ts';
import { WriteQueue } from './write-queue.ts';
import { WorkspaceStore } from './workspace-store.ts';
import { UndoStack } from './session/undo-stack.ts';

export type { WriteOutcome } from './session/session-writer.ts';

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
  /** Files pasted or dropped into issues, kept here until uploaded (files/file-uploader.ts). */
  readonly files: SessionFiles;
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
  private readonly firstFill: FirstFill;
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
    this.files = new SessionFiles({
      userId: params.userId,
      slug: params.slug,
      online: browserOnlineStatus,
      setWaiting: (count) => this.monitor.setFiles(count),
      onRefused: (name, why) => showToast(`“${name}” was not attached: ${why}`, 'error'),
      onUnauthorized: params.onUnauthorized,
    });
    this.cleanups.push(() => this.files.close());
    this.firstFill = new FirstFill({
      store: this.store,
      readSnapshot: (part) => this.snapshots.read(part),
      saveSnapshots: (parts, seq) => this.snapshotKeeper.saveNow(parts, seq),
      remoteUrl: this.remoteUrl,
      online: browserOnlineStatus,
      isClosed: () => this.closed,
      isWriting: () => this.writer.isWriting(),
      release: () => this.queue.release(),
      topUpNumbers: () => this.numbers.topUp(),
      showFilling: (pull, push, pending) => this.monitor.showFilling(pull, push, pending),
      onUnauthorized: params.onUnauthorized,
      pushAhead: async (written) => (await this.replica).pushAhead(this.remoteUrl, written),
      onDenied: (denial) => this.denials.push(denial),
      noticedConflict: (id) => this.conflicts.noticed(id),
      writePushMark: async (pushed) => writePushMark(await this.replica, pushed),
    });
    this.writer = new SessionWriter({
      replica: this.replica,
      store: this.store,
      queue: this.queue,
      userId: this.userId,
      role: () => this.role,
      journal: {
        keep: (docs) => keepPending(name, docs),
        rewrite: rewritePending,
        forget: forgetPending,
      },
      afterPaint,
      sync: {
        startSaving: () => this.monitor.startSaving(),
        pullBusy: () => ['active', 'starting'].includes(this.monitor.signals.get().pull),
      },
      editing: (base) => this.conflicts.editing(base),
      followedSeq: () => this.followedSeq,
      fill: this.firstFill,
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
    if (
      (await replica.needsFill().catch(() => false)) &&
      (await this.firstFill.run(replica, (filled) => this.afterFill(replica, filled)))
    )
      return;
    this.queue.release();
    await openFromDevice(replica, {
      store: this.store,
      readSnapshot: (part) => this.snapshots.read(part),
      isClosed: () => this.closed,
      received: (changes) => this.received(changes),
      follow: (seq) => this.follow(replica, seq),
      mainShown: () => this.saveLeftBehind(replica),
      keepSnapshots: (fresh, historyRead) => this.keepSnapshots(fresh, historyRead),
    });
  }

  /** A first fill is done: follow the replica from where it ended, and start sync. */
  private afterFill(replica: Replica, filled: Filled): void {
    // Resumed, the changes made since the fill was cut off may not be among `mine` (written
    // offline, outside a fill): all of the replica is counted as waiting until the push has
    // been through it, which says too much rather than too little.
    this.follow(replica, filled.seq, filled.pushed);
    void this.firstFill.settle(replica);
    this.saveLeftBehind(replica);
    // Saved as the fill ended, or else the snapshot saved when the feed was caught up is
    // replaced at once by one that knows its sequence: opening from one that does not reads the
    // whole replica's feed.
    if (filled.savedAtEnd) this.keepSnapshots(true, true);
    else this.keepSnapshots(false, false, 0);
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

/** The key of a person's session of a workspace on this page. */
export function sessionKey(userId: string, slug: string): string {
  return `${userId}/${slug}`;
}
