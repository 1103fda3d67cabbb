import { createValueStore, type ValueStore } from '../shared/lib/value-store.ts';
import type { Denial, Direction, Replica, ReplicationError, Seq } from './replica.ts';
import { pausedState, type DirectionState, type SyncSignals } from './sync-status.ts';

export interface SyncHooks {
  onDenied: (denial: Denial) => void;
  /**
   * The server said the session is gone (401) or the workspace is (404: removed from it, or it
   * was deleted); the app re-checks who is signed in and which workspaces are theirs.
   */
  onUnauthorized: () => void;
}

/** The `_local` document holding the last local sequence the server has received. */
export const PUSH_MARK = 'keel-push';

/**
 * What has gone up: everything on the device up to `seq`, except the `waiting` documents (the
 * page's writes during a first fill, which sit among the server's documents it wrote).
 */
export interface Pushed {
  seq: Seq;
  waiting: readonly string[];
}

/** The push mark as stored; a mark from an older build has no `waiting`. */
export function readPushed(mark: Record<string, unknown> | null): Pushed {
  const seq = typeof mark?.seq === 'number' || typeof mark?.seq === 'string' ? mark.seq : 0;
  const waiting = Array.isArray(mark?.waiting)
    ? mark.waiting.filter((id): id is string => typeof id === 'string')
    : [];
  return { seq, waiting };
}

/** Store the push mark: the one shape of it, for the monitor and for a fill that just ended. */
export function writePushMark(replica: Pick<Replica, 'writeLocal'>, pushed: Pushed): Promise<void> {
  return replica.writeLocal(PUSH_MARK, { seq: pushed.seq, waiting: [...pushed.waiting] });
}

/** Local sequences are numbers in the browser; anything else cannot be compared, and is not. */
const before = (a: Seq, b: Seq) => typeof a === 'number' && typeof b === 'number' && a < b;
// Counting walks the local change feed; during a large pull that is thousands of entries, so
// count at most a few times a second.
const RECOUNT_DELAY_MS = 400;

/** What the monitor needs of a replica: its sync, its marks and its count of unpushed changes. */
export type MonitoredReplica = Pick<
  Replica,
  'startSync' | 'readLocal' | 'writeLocal' | 'updateSeq' | 'countChangesSince'
>;

const lostAccess = (error: ReplicationError | null) =>
  error?.status === 401 || error?.status === 404;

/**
 * Runs a workspace's live replication and keeps the signals the sync indicator is derived from:
 * browser online state, each direction's state, and the number of local changes not yet pushed
 * (counted from the last pushed local sequence, kept in a `_local` doc so it survives reloads).
 */
export class SyncMonitor {
  readonly signals: ValueStore<SyncSignals>;
  private stopSync: (() => void) | null = null;
  private lastPushed: Seq = 0;
  private waiting: readonly string[] = [];
  private recountTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private replica: MonitoredReplica | null = null;
  private markWritten: Promise<void> = Promise.resolve();
  private saves = 0;

  constructor(
    readonly remoteUrl: string,
    private readonly hooks: SyncHooks,
  ) {
    this.signals = createValueStore<SyncSignals>({
      online: navigator.onLine,
      push: 'starting',
      pull: 'starting',
      pending: 0,
      files: 0,
      reserving: false,
      saving: false,
      problem: null,
    });
  }

  /** `pushed`: what on the device is known to be on the server already. */
  async start(replica: MonitoredReplica, pushed?: Pushed): Promise<void> {
    this.replica = replica;
    // Whatever a first fill showed, live replication has yet to say how it is going.
    this.setDirection('pull', 'starting');
    this.setDirection('push', 'starting');
    if (pushed) {
      ({ seq: this.lastPushed, waiting: this.waiting } = pushed);
      await this.saveMark();
    } else {
      // Unreadable, everything on the device counts as waiting: too much said, never too little.
      ({ seq: this.lastPushed, waiting: this.waiting } = readPushed(
        await replica.readLocal(PUSH_MARK).catch(() => null),
      ));
    }
    if (this.stopped) return;
    window.addEventListener('online', this.handleOnline);
    window.addEventListener('offline', this.handleOffline);
    this.connect();
    this.localChanged();
  }

  /**
   * Before `start`, while the replica's first fill runs: the fill's live feed (`pull`), and
   * whether changes made meanwhile wait to go up (`push`) and how many (`pending`).
   */
  showFilling(pull: DirectionState, push: DirectionState, pending: number): void {
    if (this.replica || this.stopped) return;
    this.setDirection('pull', pull);
    this.setDirection('push', push);
    const current = this.signals.get();
    if (current.pending !== pending) this.signals.set({ ...current, pending });
  }

  /** Whether issue numbers are being reserved for a project that has none on this device. */
  /** How many files wait on this device to be uploaded (files/file-uploader.ts). */
  setFiles(files: number): void {
    const current = this.signals.get();
    if (current.files !== files) this.signals.set({ ...current, files });
  }

  setReserving(reserving: boolean): void {
    const current = this.signals.get();
    if (current.reserving !== reserving) this.signals.set({ ...current, reserving });
  }

  /**
   * A change is being committed to the replica. Once it is, the count of unpushed changes is
   * taken before the indicator may leave Syncing…, so it never says Synced between the commit
   * and the push that follows it.
   */
  startSaving(): () => void {
    if (this.saves++ === 0) this.setSaving(true);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      void this.recount().finally(() => {
        if (--this.saves === 0) this.setSaving(false);
      });
    };
  }

  private setSaving(saving: boolean): void {
    const current = this.signals.get();
    if (current.saving !== saving) this.signals.set({ ...current, saving });
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.handleOnline);
    window.removeEventListener('offline', this.handleOffline);
    if (this.recountTimer) clearTimeout(this.recountTimer);
    this.stopSync?.();
    this.stopSync = null;
  }

  /** Something was written to the device replica; the unpushed count may have moved. */
  localChanged(): void {
    if (this.recountTimer) return;
    this.recountTimer = setTimeout(() => {
      this.recountTimer = null;
      void this.recount();
    }, RECOUNT_DELAY_MS);
  }

  private connect(): void {
    if (!this.replica) return;
    this.stopSync?.();
    this.stopSync = this.replica.startSync(this.remoteUrl, {
      onActive: (direction) => this.setDirection(direction, 'active'),
      onPaused: (direction, error) => this.paused(direction, error),
      onPushed: (seq) => void this.markPushed(seq),
      onDenied: this.hooks.onDenied,
      onFailed: (error) => this.failed(error),
    });
  }

  private paused(direction: Direction, error: ReplicationError | null): void {
    this.noteProblem(error);
    this.setDirection(direction, pausedState(error));
    if (lostAccess(error)) this.hooks.onUnauthorized();
    // A clean pause of the push means everything on the device up to now has been sent.
    if (direction === 'push' && !error && this.replica)
      void this.replica.updateSeq().then((s) => this.markPushed(s));
  }

  private failed(error: ReplicationError): void {
    this.noteProblem(error);
    this.setDirection('push', error.status === null ? 'unreachable' : 'failed');
    this.setDirection('pull', error.status === null ? 'unreachable' : 'failed');
    if (lostAccess(error)) this.hooks.onUnauthorized();
  }

  /** The server's reason for refusing, kept for the line under the indicator. */
  private noteProblem(error: ReplicationError | null): void {
    if (!error || error.status === null) return;
    // Only a catalogue code says the message is meant for people; anything else is left unsaid.
    const problem = error.code ? error.message : null;
    const current = this.signals.get();
    if (current.problem !== problem) this.signals.set({ ...current, problem });
  }

  private setDirection(direction: Direction, state: SyncSignals['push']): void {
    const current = this.signals.get();
    if (current[direction] !== state) this.signals.set({ ...current, [direction]: state });
  }

  private async markPushed(seq: Seq): Promise<void> {
    if (this.stopped || !this.replica) return;
    // The push after a first fill starts before the fill's own documents (the page's writes are
    // among them): until it passes them, the mark already says more than it would.
    if (before(seq, this.lastPushed)) return;
    this.lastPushed = seq;
    this.waiting = [];
    await this.saveMark();
    await this.recount();
  }

  /**
   * Store the mark as it is now. Writes go one at a time and each writes the latest mark: two
   * pushes reported close together otherwise race, the older mark can land last, and a removal
   * would then keep documents that had long reached the server as if they had not.
   */
  private saveMark(): Promise<void> {
    const replica = this.replica;
    if (!replica) return this.markWritten;
    this.markWritten = this.markWritten.then(() =>
      writePushMark(replica, { seq: this.lastPushed, waiting: this.waiting }).catch(
        () => undefined,
      ),
    );
    return this.markWritten;
  }

  private async recount(): Promise<void> {
    if (this.stopped || !this.replica) return;
    const pending = await this.replica
      .countChangesSince(this.lastPushed, this.waiting)
      .catch(() => null);
    if (pending === null || this.stopped) return;
    const current = this.signals.get();
    if (current.pending !== pending) this.signals.set({ ...current, pending });
  }

  private readonly handleOnline = () => {
    this.signals.set({ ...this.signals.get(), online: true });
    // Skip whatever back-off the replication is sleeping through: the network is back now.
    this.connect();
  };

  private readonly handleOffline = () => {
    this.signals.set({ ...this.signals.get(), online: false });
  };
}
