import type { WriteOutcome } from '../workspace-session.ts';

/** One change a person made on this device, and how to take it back. */
export interface UndoEntry {
  /** What the change did, as its toast said it ("Changed priority of ENG-12"). */
  label: string;
  /** Writes the change back as a change of its own (synced, with its activity). */
  undo: () => Promise<WriteOutcome>;
}

/** Enough for a run of changes; older ones fall off. */
const KEPT = 50;

/**
 * The person's changes on this device, newest last, for Ctrl/Cmd+Z and the toasts' Undo.
 * In memory: a change made before a reload is no longer the "last change" one meant.
 */
export class UndoStack {
  private entries: UndoEntry[] = [];

  push(entry: UndoEntry): void {
    this.entries = [...this.entries, entry].slice(-KEPT);
  }

  /** The newest change, taken off the stack. */
  pop(): UndoEntry | undefined {
    const entry = this.entries.at(-1);
    if (entry) this.entries = this.entries.slice(0, -1);
    return entry;
  }

  /** Take a particular change off (its toast's Undo); false when it was already taken. */
  take(entry: UndoEntry): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e !== entry);
    return this.entries.length < before;
  }

  get size(): number {
    return this.entries.length;
  }
}
