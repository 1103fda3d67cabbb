// Over 300 lines: one writer with two ways in (a change saved now, changes held until the
// replica opens) sharing the check, commit and conflict steps; the held bookkeeping is apart
// in held-changes.ts. Next split: the commit step into its own module.
import {
  errorMessage,
  stampIssueEdits,
  type IssueDoc,
  type Role,
  type WorkspaceDoc,
  type WorkspaceLookup,
} from '@keel/domain';
import { checkWrites, type CheckedWrites } from '../check-writes.ts';
import type { LeafVersion, Seq, WriteResult } from '../replica-types.ts';
import { saveBatches, type BatchWriter } from '../save-batches.ts';
import type { WorkspaceStore } from '../workspace-store.ts';
import { HeldChanges } from './held-changes.ts';

export type WriteOutcome =
  | { ok: true }
  | {
      ok: false;
      message: string;
      errors: { path: string; message: string }[];
      /** The document changed underneath the write (another device, usually). */
      conflict?: boolean;
    };

export const CONFLICT_MESSAGE = 'This changed on another device while you were editing. Try again.';
const NOT_SAVED = 'The change could not be saved on this device.';

/** What the writer needs of the replica. */
export interface WriterReplica extends BatchWriter {
  updateSeq(): Promise<Seq>;
  /** The winning version of a document on the device, deleted or not; null if never seen. */
  current(id: string): Promise<Pick<LeafVersion, 'rev' | 'deleted'> | null>;
}

export interface SessionWriterDeps {
  replica: Promise<WriterReplica>;
  store: Pick<WorkspaceStore, 'get' | 'showPending' | 'showSaved' | 'whenApplied'> & {
    lookup: WorkspaceLookup;
  };
  /** One write at a time, held until the replica is open (write-queue.ts). */
  queue: { run<T>(task: () => Promise<T>): Promise<T>; held(): boolean };
  userId: string;
  role(): Role;
  /** Changes shown before they are committed, kept so a page closed meanwhile loses nothing. */
  journal: {
    keep(docs: readonly object[]): string | null;
    /** Replace a kept change's documents, keeping its place; false if storage refuses. */
    rewrite(key: string, docs: readonly object[]): boolean;
    forget(key: string): void;
  };
  /** Resolves once the browser has painted what the store shows now. */
  afterPaint(): Promise<void>;
  /** The sync monitor: a save in progress, and whether a pull is writing to the replica. */
  sync: { startSaving(): () => void; pullBusy(): boolean };
  /** The version an edit starts from, for a merge with another device's concurrent edit. */
  editing(base: WorkspaceDoc | undefined): void;
  /** The replica sequence the store has caught up with. */
  followedSeq(): Seq;
  /** A first fill is running: what is written goes through it (first-fill.ts). */
  fill: { active(): boolean; wrote(results: readonly WriteResult[]): void };
}

/**
 * Every change a page makes goes through here: the domain's write rules against the workspace
 * in memory, then on screen at once (kept in the journal first), then committed to the replica,
 * one change at a time, each built from the latest revision.
 */
export class SessionWriter {
  /**
   * What this page's deletions kept of each document, with the revision they were saved as, so
   * undoing one can restore it (only while that deletion is still the latest version).
   */
  private readonly deletedHere = new Map<string, Record<string, unknown>>();
  /** Changes shown on screen and not yet committed by the device. */
  private writing = 0;
  /** Changes made before the replica opened, committed together when it opens (held-changes.ts). */
  private held: HeldChanges | null = null;

  constructor(private readonly deps: SessionWriterDeps) {}

  /** A change is on screen but not yet committed: it may still be refused. */
  isWriting(): boolean {
    return this.writing > 0;
  }

  /**
   * Save documents on this device. Writes run one at a time, and `build` runs only when the
   * previous write is visible in memory, so each change starts from the latest revision and two
   * quick edits never conflict with each other. Return null from `build` to write nothing.
   */
  update(build: () => readonly unknown[] | null): Promise<WriteOutcome> {
    if (this.deps.queue.held()) {
      const held = this.hold(build);
      if (held) return held;
    }
    return this.deps.queue.run(async (): Promise<WriteOutcome> => {
      const first = build();
      if (!first) return { ok: true };
      const outcome = await this.save(first);
      if (outcome.ok || outcome.conflict !== true) return outcome;
      // Another device's change to the same document arrived meanwhile: once the store has it,
      // rebuild on top of it, once.
      await this.whenStoreHasReplicaVersions(first);
      const second = build();
      return second ? this.save(second) : { ok: true };
    });
  }

  write(docs: readonly unknown[]): Promise<WriteOutcome> {
    return this.update(() => docs);
  }

  /** The revision this page's deletion of a document was saved as, if it deleted it. */
  deletedRevision(id: string): string | undefined {
    const rev = this.deletedHere.get(id)?._rev;
    return typeof rev === 'string' ? rev : undefined;
  }

  /**
   * The domain's write rules on `docs` as this page would save them now, against the workspace
   * in memory: the refusal the server would give, before anything is written.
   */
  check(docs: readonly unknown[]): CheckedWrites {
    const ctx = { role: this.deps.role(), userId: this.deps.userId };
    return checkWrites(this.stamped(docs), ctx, this.deps.store.lookup, (id) =>
      this.deletedHere.get(id),
    );
  }

  /**
   * Before the replica opens: checked, journaled and shown now, like any change, and committed
   * with the others made meanwhile once it opens (held-changes.ts). Null when the journal
   * refuses it: it then waits its turn and shows once committed, as any change the journal
   * refuses, and no later change passes it.
   */
  private hold(build: () => readonly unknown[] | null): Promise<WriteOutcome> | null {
    if (this.held?.closed) return null;
    const docs = build();
    if (!docs) return Promise.resolve({ ok: true });
    const checked = this.check(docs);
    if (!checked.ok) return Promise.resolve(checked);
    const { store, journal } = this.deps;
    const batch = this.held ?? new HeldChanges();
    // The bases are read before the change shows, inside `add`.
    const change = batch.add(
      checked.docs,
      journal,
      (id) => store.get(id),
      build,
      () => store.showPending(checked.docs),
    );
    if (!change) {
      batch.closed = true;
      return null;
    }
    if (!this.held) {
      this.held = batch;
      this.writing++;
      const saved = this.deps.sync.startSaving();
      void this.deps.queue.run(() =>
        this.commitHeld(batch, () => {
          this.writing--;
          saved();
        }),
      );
    }
    return change.outcome;
  }

  /**
   * The replica is open: the changes made before it did are saved, in one go. Each caller hears
   * how its own change went.
   */
  private async commitHeld(batch: HeldChanges, settled: () => void): Promise<void> {
    this.held = null; // changes from here on are built and saved one at a time
    const { journal } = this.deps;
    const { docs, updates, creates } = batch.toCommit();
    for (const base of batch.bases) this.deps.editing(base);
    let outcome: WriteOutcome;
    try {
      outcome = await this.commit(docs, updates, creates);
    } catch {
      outcome = { ok: false, message: NOT_SAVED, errors: [] };
    }
    if (outcome.ok || outcome.conflict !== true) {
      if (!outcome.ok) batch.takeBackAll();
      settled();
      for (const change of batch.changes) {
        journal.forget(change.key);
        change.settle(outcome);
      }
      return;
    }
    // The snapshot on screen was older than the device: once the store has the device's
    // versions, each change is made again, in order, on top of them, and answers for itself.
    batch.takeBackAll();
    settled(); // nothing held is on screen now; each change made again counts for itself
    await this.whenStoreHasReplicaVersions(docs).catch(() => undefined);
    for (const change of batch.changes) {
      let again: readonly unknown[] | null;
      try {
        again = change.build();
      } catch {
        again = null;
      }
      // Its own journal entry replaces the held one as `save` starts (synchronously).
      const saving = again ? this.save(again) : Promise.resolve<WriteOutcome>({ ok: true });
      journal.forget(change.key);
      change.settle(await saving.catch(() => ({ ok: false, message: NOT_SAVED, errors: [] })));
    }
  }

  private async save(docs: readonly unknown[]): Promise<WriteOutcome> {
    const { store, journal } = this.deps;
    const checked = this.check(docs);
    if (!checked.ok) return checked;
    // A restore (undo of a deletion) is written on top of the deletion's revision: an update,
    // which can conflict, so it goes first and nothing else is saved if it does.
    const updates = checked.docs.filter((d) => store.get(d._id) || d._rev !== undefined);
    // The version each edit starts from, for a merge with another device's concurrent edit;
    // kept once the change is painted, like the save itself.
    const bases = updates.map((doc) => store.get(doc._id));
    const updating = new Set(updates);
    const creates = checked.docs.filter((d) => !updating.has(d));
    // On screen now, before IndexedDB commits it (tens of milliseconds): kept in the journal
    // first, so a page closed meanwhile loses nothing. If storage refuses the journal entry, the
    // change shows once committed instead.
    const journalKey = journal.keep(checked.docs);
    const takeBack = journalKey ? store.showPending(checked.docs) : null;
    this.writing++;
    const saved = this.deps.sync.startSaving();
    try {
      // Safe in the journal, the change is painted first: saving it (and the screens that follow
      // from the save) would otherwise hold up the frame that shows it.
      if (takeBack) await this.deps.afterPaint();
      for (const base of bases) this.deps.editing(base);
      const outcome = await this.commit(checked.docs, updates, creates);
      if (!outcome.ok) takeBack?.();
      return outcome;
    } finally {
      this.writing--;
      saved();
      if (journalKey) journal.forget(journalKey);
    }
  }

  private async commit(
    docs: Parameters<WorkspaceStore['showSaved']>[0],
    updates: readonly { _id: string }[],
    creates: readonly { _id: string }[],
  ): Promise<WriteOutcome> {
    try {
      const replica = await this.deps.replica;
      // A change and its activity record go in one IndexedDB transaction, so they are saved
      // together or not at all, when no update can conflict: the store has seen everything in
      // the replica and no pull is writing to it. Otherwise updates go first, as they are the
      // ones that can conflict, and an activity record must not be saved for a change that
      // was not.
      const together =
        updates.length > 0 && creates.length > 0 && (await this.replicaSeenByStore(replica));
      const { results, failed } = await saveBatches(replica, updates, creates, together);
      if (failed?.error === 'conflict')
        return { ok: false, conflict: true, message: CONFLICT_MESSAGE, errors: [] };
      if (failed) return { ok: false, message: failed.reason || NOT_SAVED, errors: [] };
      // On screen as soon as all of it is on the device, not a change-feed round later; an editor
      // can drop its draft once this resolves.
      const revs = new Map(results.flatMap((r) => (r.rev ? [[r.id, r.rev] as const] : [])));
      this.deps.store.showSaved(docs, revs);
      for (const doc of docs)
        if ('_deleted' in doc && doc._deleted === true)
          this.deletedHere.set(doc._id, { ...doc, _rev: revs.get(doc._id) });
      if (this.deps.fill.active()) this.deps.fill.wrote(results);
      return { ok: true };
    } catch (error) {
      const quota = error instanceof DOMException && error.name === 'QuotaExceededError';
      return { ok: false, message: quota ? errorMessage('STORAGE_FULL') : NOT_SAVED, errors: [] };
    }
  }

  /**
   * Whether nothing but this session's own writes can be in the replica unseen: no pull is
   * writing to it, and the store has followed its change feed to the end. (Another tab writing
   * the same replica is the one case this cannot see; see `saveBatches`.)
   */
  private async replicaSeenByStore(replica: WriterReplica): Promise<boolean> {
    if (this.deps.sync.pullBusy()) return false;
    return String(await replica.updateSeq()) === String(this.deps.followedSeq());
  }

  /**
   * After a conflict: until the store holds the device's winning revision of each document the
   * change wrote (it arrives through the change feed), or a moment has passed. That includes one
   * the store has not seen yet: a create that conflicted (another device of the same person
   * made their read marker first) is built again only once the store has theirs.
   */
  private async whenStoreHasReplicaVersions(docs: readonly unknown[]): Promise<void> {
    const replica = await this.deps.replica;
    const ids = docs.flatMap((doc) => {
      const id = (doc as { _id?: unknown } | null)?._id;
      return typeof id === 'string' ? [id] : [];
    });
    await Promise.all(
      ids.map(async (id) => {
        const current = await replica.current(id).catch(() => null);
        // A deletion releases the wait of one the store holds, as the feed takes the document
        // out; one the store never held has nothing to wait for.
        if (!current || (current.deleted && !this.deps.store.get(id))) return;
        await this.deps.store.whenApplied(id, current.rev);
      }),
    );
  }

  /** Every issue written on this device records when each of its fields was edited. */
  private stamped(docs: readonly unknown[]): unknown[] {
    const now = new Date().toISOString();
    return docs.map((doc) => {
      const id = (doc as { _id?: unknown } | null)?._id;
      const previous = typeof id === 'string' ? this.deps.store.get(id) : undefined;
      const next = doc as { type?: unknown; _deleted?: unknown } | null;
      // A deletion keeps the issue's identity (tombstoneOf), and nothing to stamp.
      if (previous?.type !== 'issue' || next?.type !== 'issue' || next._deleted === true)
        return doc;
      return stampIssueEdits(doc as IssueDoc, previous, now, this.deps.userId);
    });
  }
}
