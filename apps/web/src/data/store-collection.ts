/** The documents of one type in the in-memory store, by id, with a list that stays the same array. */
export class Collection<T> {
  readonly byId = new Map<string, T>();
  private snapshot: readonly T[] | null = null;

  set(id: string, doc: T) {
    this.byId.set(id, doc);
    this.snapshot = null;
  }

  delete(id: string) {
    if (this.byId.delete(id)) this.snapshot = null;
  }

  /** The same array until something in this collection changes, as useSyncExternalStore needs. */
  list(): readonly T[] {
    this.snapshot ??= Object.freeze([...this.byId.values()]);
    return this.snapshot;
  }
}
