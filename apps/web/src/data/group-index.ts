/**
 * Documents grouped by a key (an issue's activity, its comments, its sub-issues), kept up to
 * date one document at a time by the store. Each group's list is the same array until a
 * document of that group changes, so a screen reading one issue's activity re-renders when
 * that activity changes, and nothing is rebuilt over the whole workspace per edit.
 */
export class GroupIndex<T extends { _id: string }> {
  private readonly groups = new Map<string, Map<string, T>>();
  private readonly lists = new Map<string, readonly T[]>();

  constructor(
    private readonly keyOf: (doc: T) => string | null,
    private readonly order: (a: T, b: T) => number,
  ) {}

  /** Add a document; a previous version must have been removed first. */
  put(doc: T): void {
    const key = this.keyOf(doc);
    if (key === null) return;
    let group = this.groups.get(key);
    if (!group) {
      group = new Map();
      this.groups.set(key, group);
    }
    group.set(doc._id, doc);
    this.lists.delete(key);
  }

  remove(doc: T): void {
    const key = this.keyOf(doc);
    if (key === null) return;
    const group = this.groups.get(key);
    if (!group?.delete(doc._id)) return;
    this.lists.delete(key);
    if (group.size === 0) this.groups.delete(key);
  }

  /** The keys that have at least one document. */
  keys(): IterableIterator<string> {
    return this.groups.keys();
  }

  list(key: string): readonly T[] {
    let list = this.lists.get(key);
    if (!list) {
      const group = this.groups.get(key);
      list = group ? Object.freeze([...group.values()].sort(this.order)) : EMPTY;
      this.lists.set(key, list);
    }
    return list as readonly T[];
  }
}

const EMPTY: readonly never[] = Object.freeze([]);

/** Oldest first; ISO times and ids are ASCII, so code units order them without a locale. */
export function byCreation(a: { createdAt: string; _id: string }, b: typeof a): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}
