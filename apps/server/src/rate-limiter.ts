/**
 * A fixed-window counter per key. It lives in one server's memory: behind a load balancer each
 * instance counts on its own, which bounds an attacker at N× the limit — accepted for now.
 */
export class RateLimiter {
  readonly #hits = new Map<string, { windowStart: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly now: () => number = Date.now,
  ) {}

  /** Count one attempt; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const t = this.now();
    const entry = this.#hits.get(key);
    if (!entry || t - entry.windowStart >= this.windowMs) {
      this.#hits.set(key, { windowStart: t, count: 1 });
      if (this.#hits.size > 10_000) this.#sweep(t);
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  #sweep(t: number) {
    for (const [key, entry] of this.#hits)
      if (t - entry.windowStart >= this.windowMs) this.#hits.delete(key);
  }
}
