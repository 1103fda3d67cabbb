/**
 * One instance's share of a limit when `instances` of them run behind a load balancer, each
 * counting in its own memory: rounded down, so together they let through no more than the
 * limit (docs/security.md says what a person meets when requests are spread unevenly). At least
 * one, so a limit smaller than the number of instances still lets something through.
 */
export function instanceShare(limit: number, instances: number): number {
  return Math.max(1, Math.floor(limit / instances));
}

/**
 * How Keel counts attempts against a limit (SPEC §9). One small interface so the in-memory
 * counter below can be swapped for a shared one (Redis, the database) without touching callers.
 */
export interface RateLimit {
  /** Count `weight` attempts for `key`; false when the key is already at its limit. */
  hit(key: string, weight?: number): boolean;
}

/**
 * A fixed-window counter per key. It lives in one server's memory, so with several instances
 * behind a load balancer each is given its share of the limit (instanceShare). A request is let
 * through while the count before it is under the limit, so one weighted request larger than the
 * limit (a 1,000-document `_bulk_docs`) can still pass in a fresh window, and then the key waits
 * for the next one. Refused attempts still count, so hammering does not shorten the wait.
 */
export class RateLimiter implements RateLimit {
  readonly #hits = new Map<string, { windowStart: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly now: () => number = Date.now,
  ) {}

  hit(key: string, weight = 1): boolean {
    const t = this.now();
    let entry = this.#hits.get(key);
    if (!entry || t - entry.windowStart >= this.windowMs || t < entry.windowStart) {
      entry = { windowStart: t, count: 0 };
      this.#hits.set(key, entry);
      if (this.#hits.size > 10_000) this.#sweep(t);
    }
    const allowed = entry.count < this.limit;
    entry.count += allowed ? weight : 1;
    return allowed;
  }

  /** What `key` has left of its window's limit (for RateLimit-Remaining). */
  remaining(key: string): number {
    const entry = this.#hits.get(key);
    if (!entry || this.now() - entry.windowStart >= this.windowMs) return this.limit;
    return Math.max(0, this.limit - entry.count);
  }

  /** Seconds until `key`'s window ends (for Retry-After). */
  retryAfterSeconds(key: string): number {
    const entry = this.#hits.get(key);
    if (!entry) return 0;
    return Math.max(1, Math.ceil((entry.windowStart + this.windowMs - this.now()) / 1000));
  }

  #sweep(t: number) {
    for (const [key, entry] of this.#hits)
      if (t - entry.windowStart >= this.windowMs) this.#hits.delete(key);
  }
}
