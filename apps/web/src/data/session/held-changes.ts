import type { WorkspaceDoc } from '@keel/domain';
import type { CheckedWrites } from '../check-writes.ts';
import type { WriteOutcome } from './session-writer.ts';

export type CheckedDoc = Extract<CheckedWrites, { ok: true }>['docs'][number];

/** One change made while the replica was closed. */
export interface HeldChange {
  build: () => readonly unknown[] | null;
  /** Its journal entry: the documents it is the latest change of (see `add`). */
  key: string;
  docs: Map<string, CheckedDoc>;
  takeBack: () => void;
  /** Settles the promise its caller awaits. */
  settle: (outcome: WriteOutcome) => void;
  outcome: Promise<WriteOutcome>;
}

/** What the journal offers (pending-journal.ts). */
export interface HeldJournal {
  keep(docs: readonly object[]): string | null;
  rewrite(key: string, docs: readonly object[]): boolean;
  forget(key: string): void;
}

/**
 * The changes a page made before its replica opened.
 *
 * A page opened from its snapshot shows the workspace and takes changes at once, while the
 * replica may take a second or more to open. Each such change is on screen and in the journal
 * when it is made (a reload meanwhile loses nothing), and all are committed together once the
 * replica opens. Nothing commits before then, so every change was made on the same revisions:
 * a document changed twice is committed once, as the later change left it (it was built on top
 * of the earlier one).
 *
 * Journal entries stay one per change, and a document is in one entry only, the latest change's:
 * a page closed before the commit leaves entries that replay independently (one overtaken by
 * another device spares the others), each document at its device revision.
 */
export class HeldChanges {
  readonly changes: HeldChange[] = [];
  /** Documents the device held before the first change to them: updates, not creates. */
  private readonly held = new Set<string>();
  private readonly firstSeen = new Set<string>();
  /** The version each changed document had before the first change to it (none for a new one). */
  readonly bases: WorkspaceDoc[] = [];
  /** A change the journal refused went the ordinary way: no later change may pass it. */
  closed = false;

  /**
   * Journal and record one change. `current` must read the documents as they are before the
   * change shows (their bases); `show` then puts it on screen. Null when the journal refuses it.
   */
  add(
    docs: readonly CheckedDoc[],
    journal: HeldJournal,
    current: (id: string) => WorkspaceDoc | undefined,
    build: () => readonly unknown[] | null,
    show: () => () => void,
  ): HeldChange | null {
    const key = journal.keep(docs);
    if (key === null) return null;
    // Earlier entries give up the documents this change carries on from.
    for (const earlier of this.changes) {
      if (!docs.some((d) => earlier.docs.has(d._id))) continue;
      for (const doc of docs) earlier.docs.delete(doc._id);
      if (earlier.docs.size === 0) journal.forget(earlier.key);
      else journal.rewrite(earlier.key, [...earlier.docs.values()]);
    }
    for (const doc of docs)
      if (!this.firstSeen.has(doc._id)) {
        const before = current(doc._id);
        if (before || doc._rev !== undefined) this.held.add(doc._id);
        if (before) this.bases.push(before);
        this.firstSeen.add(doc._id);
      }
    let settle: (outcome: WriteOutcome) => void = () => undefined;
    const outcome = new Promise<WriteOutcome>((resolve) => (settle = resolve));
    const change: HeldChange = {
      build,
      key,
      docs: new Map(docs.map((d) => [d._id, d])),
      takeBack: show(),
      settle,
      outcome,
    };
    this.changes.push(change);
    return change;
  }

  /** Everything to commit, each document as its latest change left it. */
  toCommit(): { docs: CheckedDoc[]; updates: CheckedDoc[]; creates: CheckedDoc[] } {
    const latest = new Map<string, CheckedDoc>();
    for (const change of this.changes) for (const [id, doc] of change.docs) latest.set(id, doc);
    const docs = [...latest.values()];
    return {
      docs,
      updates: docs.filter((d) => this.held.has(d._id)),
      creates: docs.filter((d) => !this.held.has(d._id)),
    };
  }

  /** Off the screen, latest first, so each change restores what the one before it showed. */
  takeBackAll(): void {
    for (const change of [...this.changes].reverse()) change.takeBack();
  }
}
