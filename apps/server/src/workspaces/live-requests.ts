import { liveClients } from '../metrics.ts';

/**
 * The `/db/:ws` requests this instance is proxying, by user and workspace, so removing someone
 * (or deleting the workspace) can cut their open longpoll `_changes` at once instead of letting
 * it deliver one more batch. Other instances behind the same load balancer do not hear about
 * it: their open longpolls end at the database's own timeout (at most a minute) and the
 * browser's next request is refused there, because every request checks the membership anew.
 *
 * Shutting down, the instance ends the requests that wait for news (longpolls): they would hold
 * its close for as long as nothing changes. Each is aborted with a `ShuttingDown` reason and
 * answers "no news" (routes/db/longpoll-end.ts), so its client simply asks again, elsewhere.
 */
export class LiveRequests {
  readonly #open = new Map<string, Set<AbortController>>();
  readonly #waiting = new Set<AbortController>();
  #closing = false;

  static key(userId: string, workspaceId: string) {
    return `${userId}\n${workspaceId}`;
  }

  /**
   * Track one request; the returned function forgets it when it ends. `waitsForNews`: a
   * longpoll, ended by `shutdown()`.
   */
  track(
    userId: string,
    workspaceId: string,
    controller: AbortController,
    waitsForNews = false,
  ): () => void {
    const key = LiveRequests.key(userId, workspaceId);
    let set = this.#open.get(key);
    if (!set) this.#open.set(key, (set = new Set()));
    set.add(controller);
    if (waitsForNews) {
      this.#waiting.add(controller);
      liveClients.inc();
      // Started as the instance closes: ended too, once its caller listens for the abort.
      if (this.#closing) queueMicrotask(() => controller.abort(new ShuttingDown()));
    }
    return () => {
      set.delete(controller);
      if (this.#waiting.delete(controller)) liveClients.dec();
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

  /** The instance is closing: end every request waiting for news, now and from now on. */
  shutdown(): number {
    this.#closing = true;
    const waiting = [...this.#waiting];
    for (const controller of waiting) controller.abort(new ShuttingDown());
    return waiting.length;
  }
}

/** The abort reason of a request ended because its instance is shutting down. */
export class ShuttingDown extends Error {
  constructor() {
    super('The server is shutting down');
    this.name = 'ShuttingDown';
  }
}

export const endedByShutdown = (signal: AbortSignal) => signal.reason instanceof ShuttingDown;
