import type { FastifyBaseLogger } from 'fastify';
import type { AppStore, MembershipDoc, WorkspaceRecord } from '../db/app-store.ts';
import type { CouchDoc } from '../db/couch-client.ts';
import { accessCacheReads } from '../metrics.ts';
import type { LiveRequests } from './live-requests.ts';

/** How long an entry may serve at most, whatever the feed says (a bound on any surprise). */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;
// The database answers a quiet longpoll after this long; no answer well after it means the
// connection is dead.
const FEED_TIMEOUT_MS = 25_000;
const FEED_GIVE_UP_MS = FEED_TIMEOUT_MS + 10_000;
const FEED_RETRY_MS = 1_000;

// What a proxied request reads: its session, the session's user, the workspace's slug claim
// and record, and the membership.
const CACHED = /^(session|user|slug|workspace|membership):/;
const MEMBERSHIP = /^membership:([^:]+):([^:]+)$/;

interface ChangesAnswer {
  results: { id: string; deleted?: boolean }[];
  last_seq: string | number;
}

interface Entry {
  doc: CouchDoc;
  at: number;
}

/**
 * The app-database documents behind each proxied request (`/db/:ws/…`), kept in this instance's
 * memory so replication traffic does not read four documents per request (decision 011).
 *
 * Each instance follows the app database's changes feed, and every change to a document drops
 * it from the cache, on every instance, milliseconds after it is written. A membership that
 * ends also cuts its open longpolls here (LiveRequests), so a removal made on another instance
 * takes effect on this one at once too. The instance that makes the removal drops its copy
 * before answering (LiveRequests.onEnded). While the feed is not followed (starting, database
 * unreachable) nothing is served from the cache. Nothing here is needed by another instance:
 * what one instance holds is a copy of the database, rebuilt from it on demand.
 */
export class AccessCache {
  readonly #entries = new Map<string, Entry>();
  // Per document, the feed's count when it last changed: a read that started before a change
  // to its document is not stored (it may hold the old version).
  readonly #changedAt = new Map<string, number>();
  #changes = 0;
  // Bumped whenever the feed stops being followed: reads started before do not store.
  #epoch = 0;
  #following = false;
  #stopped = false;
  readonly #stop = new AbortController();

  constructor(
    private readonly store: AppStore,
    private readonly live: LiveRequests,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    live.onEnded((userId, workspaceId) => this.forget(`membership:${userId}:${workspaceId}`));
  }

  /** Whether the cache is in use: the changes feed is being followed. */
  get following(): boolean {
    return this.#following;
  }

  /** A document by id: this instance's copy when it has a current one, else from the database. */
  async get<T extends CouchDoc>(id: string): Promise<T | null> {
    const entry = this.#entries.get(id);
    if (entry && this.#following && this.now() - entry.at <= MAX_AGE_MS) {
      accessCacheReads.inc({ result: 'hit' });
      return entry.doc as T;
    }
    accessCacheReads.inc({ result: 'miss' });
    const epoch = this.#epoch;
    const changes = this.#changes;
    const doc = await this.store.get<T>(id);
    // Only documents that exist: a membership or session created later needs no eviction.
    if (
      doc &&
      CACHED.test(id) &&
      this.#following &&
      epoch === this.#epoch &&
      (this.#changedAt.get(id) ?? -1) < changes
    ) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(id, { doc, at: this.now() });
    }
    return doc;
  }

  forget(id: string): void {
    this.#entries.delete(id);
  }

  /** As AppStore.workspaceAndMembership, from the cache. */
  async workspaceAndMembership(
    slug: string,
    userId: string,
  ): Promise<{ workspace: WorkspaceRecord | null; membership: MembershipDoc | null }> {
    const claim = await this.get<CouchDoc & { workspaceId: string }>(`slug:${slug}`);
    if (!claim) return { workspace: null, membership: null };
    const [workspace, membership] = await Promise.all([
      this.get<WorkspaceRecord>(`workspace:${claim.workspaceId}`),
      this.get<MembershipDoc>(`membership:${userId}:${claim.workspaceId}`),
    ]);
    // A record being deleted, or one whose slug moved on, does not answer for the slug.
    if (!workspace || workspace.deletingAt || workspace.slug !== slug)
      return { workspace: null, membership: null };
    return { workspace, membership };
  }

  /** Start following the app database's changes; the cache serves from then on. */
  start(): void {
    void this.#follow();
  }

  stop(): void {
    this.#stopped = true;
    this.#notFollowing();
    this.#stop.abort();
  }

  #notFollowing() {
    this.#following = false;
    this.#epoch++;
    this.#entries.clear();
  }

  #changed(id: string, deleted: boolean) {
    this.#changes++;
    if (this.#changedAt.size >= MAX_ENTRIES) {
      // Too many to remember: void every read in flight instead.
      this.#changedAt.clear();
      this.#epoch++;
    }
    this.#changedAt.set(id, this.#changes);
    this.#entries.delete(id);
    const membership = deleted ? MEMBERSHIP.exec(id) : null;
    if (membership) this.live.abort(membership[1]!, membership[2]!);
  }

  async #follow(): Promise<void> {
    const db = `/${encodeURIComponent(this.store.db)}`;
    let since: string | number | null = null;
    let failures = 0;
    while (!this.#stopped) {
      try {
        if (since === null) {
          const info = await this.#json<{ update_seq: string | number }>(db, {});
          since = info.update_seq;
        }
        // From here every change after `since` reaches this loop, even if the longpoll below
        // has not been answered yet: the cache may serve.
        const feed: Promise<ChangesAnswer> = this.#json(`${db}/_changes`, {
          feed: 'longpoll',
          since: String(since),
          timeout: FEED_TIMEOUT_MS,
        });
        this.#following = true;
        const { results, last_seq } = await feed;
        for (const change of results) this.#changed(change.id, change.deleted === true);
        since = last_seq;
        failures = 0;
      } catch (err) {
        if (this.#stopped) return;
        // The database being unreachable shows in the requests that fail (and in
        // keel_database_errors_total); this only says why the cache is not in use.
        if (this.#following || failures === 0)
          this.log.debug({ err }, 'not following the app database; access is read every time');
        this.#notFollowing();
        failures++;
        await new Promise((resolve) => setTimeout(resolve, FEED_RETRY_MS).unref());
      }
    }
  }

  async #json<T>(path: string, query: Record<string, string | number>): Promise<T> {
    const res = await this.store.couch.request('GET', path, {
      query,
      signal: AbortSignal.any([this.#stop.signal, AbortSignal.timeout(FEED_GIVE_UP_MS)]),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`GET ${path} → ${res.status}`);
    }
    return (await res.json()) as T;
  }
}
