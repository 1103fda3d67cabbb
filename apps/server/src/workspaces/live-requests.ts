/**
 * The `/db/:ws` requests this instance is proxying, by user and workspace, so removing someone
 * (or deleting the workspace) can cut their open longpoll `_changes` at once instead of letting
 * it deliver one more batch. Other instances behind the same load balancer do not hear about
 * it: their open longpolls end at the database's own timeout (at most a minute) and the
 * browser's next request is refused there, because every request checks the membership anew.
 */
export class LiveRequests {
  readonly #open = new Map<string, Set<AbortController>>();

  static key(userId: string, workspaceId: string) {
    return `${userId}\n${workspaceId}`;
  }

  /** Track one request; the returned function forgets it when it ends. */
  track(userId: string, workspaceId: string, controller: AbortController): () => void {
    const key = LiveRequests.key(userId, workspaceId);
    let set = this.#open.get(key);
    if (!set) this.#open.set(key, (set = new Set()));
    set.add(controller);
    return () => {
      set.delete(controller);
      if (set.size === 0 && this.#open.get(key) === set) this.#open.delete(key);
    };
  }

  /** Abort every tracked request of `userId` on `workspaceId`; returns how many. */
  abort(userId: string, workspaceId: string): number {
    const key = LiveRequests.key(userId, workspaceId);
    const set = this.#open.get(key);
    this.#open.delete(key);
    for (const controller of set ?? []) controller.abort();
    return set?.size ?? 0;
  }

  count(userId: string, workspaceId: string): number {
    return this.#open.get(LiveRequests.key(userId, workspaceId))?.size ?? 0;
  }
}
