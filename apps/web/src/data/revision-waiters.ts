/** The generation of a CouchDB revision (`12-abc` → 12); 0 for none. */
export function revGeneration(rev: string): number {
  return Number.parseInt(rev, 10) || 0;
}

/**
 * Promises that a revision (or a later one) of a document is in memory, resolved as the store
 * takes it, or as the document goes; each gives up quietly after its time.
 */
export class RevisionWaiters {
  private readonly waiting = new Map<string, { generation: number; resolve: () => void }[]>();

  /** Resolves once `release` passes a revision of `id` at least as new as `rev`. */
  wait(id: string, rev: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const list = this.waiting.get(id) ?? [];
      list.push({ generation: revGeneration(rev), resolve });
      this.waiting.set(id, list);
      setTimeout(resolve, timeoutMs);
    });
  }

  /** `rev` of `id` is in memory now. */
  release(id: string, rev: string | undefined): void {
    const list = this.waiting.get(id);
    if (!list || !rev) return;
    const generation = revGeneration(rev);
    const still = list.filter((w) => {
      if (w.generation > generation) return true;
      w.resolve();
      return false;
    });
    if (still.length) this.waiting.set(id, still);
    else this.waiting.delete(id);
  }

  /** `id` is gone from memory: nobody waits for it any longer. */
  releaseAll(id: string): void {
    for (const waiter of this.waiting.get(id) ?? []) waiter.resolve();
    this.waiting.delete(id);
  }
}
