import type { WorkspaceDoc } from '@keel/domain';
import type { CheckedWrites } from '../check-writes.ts';

type CheckedDoc = Extract<CheckedWrites, { ok: true }>['docs'][number];

/**
 * The changes a page made before its replica opened, as one batch.
 *
 * A page opened from its snapshot shows the workspace and takes changes at once, while the
 * replica may take a second or more to open. Each such change is on screen and in the journal
 * when it is made (a reload meanwhile loses nothing); they are committed together once the
 * replica is open. Nothing commits before then, so every change was made on the same revisions:
 * a document changed twice is kept once, as the later change made it (it was built on top of the
 * earlier one), and the batch is saved and replayed like any single change.
 */
export class HeldChanges {
  /** Each document as the latest change left it, in the order they were first changed. */
  private readonly docs = new Map<string, CheckedDoc>();
  /** Documents the device held before the first change to them: updates, not creates. */
  private readonly held = new Set<string>();
  /** The version each changed document had before the first change to it. */
  readonly bases: (WorkspaceDoc | undefined)[] = [];
  /** Each change's build and how to take it off the screen, in the order they were made. */
  private readonly changes: { build: () => readonly unknown[] | null; takeBack: () => void }[] = [];
  /** The batch's journal entry, once it has one. */
  key: string | null = null;

  /** What the batch would hold with `docs` added (nothing changes until `add`). */
  withDocs(docs: readonly CheckedDoc[]): CheckedDoc[] {
    const next = new Map(this.docs);
    for (const doc of docs) next.set(doc._id, doc);
    return [...next.values()];
  }

  add(
    docs: readonly CheckedDoc[],
    current: (id: string) => WorkspaceDoc | undefined,
    change: { build: () => readonly unknown[] | null; takeBack: () => void },
  ): void {
    for (const doc of docs) {
      if (!this.docs.has(doc._id)) {
        const before = current(doc._id);
        if (before || doc._rev !== undefined) this.held.add(doc._id);
        this.bases.push(before);
      }
      this.docs.set(doc._id, doc);
    }
    this.changes.push(change);
  }

  /** Everything to commit: updates (which can conflict) apart from creates. */
  toCommit(): { docs: CheckedDoc[]; updates: CheckedDoc[]; creates: CheckedDoc[] } {
    const docs = [...this.docs.values()];
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

  /** Each change's build, in the order they were made, to make them again one by one. */
  builds(): (() => readonly unknown[] | null)[] {
    return this.changes.map((c) => c.build);
  }
}
