import type { FastifyBaseLogger } from 'fastify';
import QuickLRU from 'quick-lru';
import type { AppStore, MembershipDoc, WorkspaceRecord, Written } from '../db/app-store.ts';
import { ChangesFollower, type FollowedChange } from '../db/changes-follower.ts';
import type { CouchDoc } from '../db/couch-client.ts';
import { accessCacheReads, upstreamFeeds } from '../metrics.ts';
import type { LiveRequests } from './live-requests.ts';

// What a proxied request reads: its session, the session's user, the workspace's slug claim
// and record, and the membership. Nothing else is kept.
const CACHED = /^(session|user|slug|workspace|membership):/;
const MEMBERSHIP = /^membership:([^:]+):([^:]+)$/;
/** How long a copy may serve at most, whatever the feed says: a bound on any surprise. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;
/** How long a write waits for this instance's feed to show it (see `#wrote`). */
const SEEN_WITHIN_MS = 2_000;
/** Revisions the feed showed lately, for a write whose answer arrives after its change. */
const RECENTLY_SEEN = 1_000;

interface Entry {
  doc: CouchDoc;
  at: number;
}

interface Read {
  found: Promise<CouchDoc | null>;
  epoch: number;
  /** The document changed while it was read: what was read may be the old version. */
  stale: boolean;
}

/**
 * The app-database documents behind each proxied request (`/db/:ws/…`), kept in this instance's
 * memory so replication traffic does not read five documents per request (decision 011).
 *
 * Instances share no memory, so each follows the app database's changes feed, and a change to a
 * document drops this instance's copy of it the moment the database reports it, on every
 * instance alike; the membership that ends also cuts its open requests here (LiveRequests).
 * While the feed is not followed (starting, the database unreachable, the connection silent),
 * nothing is served from memory: every read goes to the database, as without a cache. The
 * instance that writes drops its own copy before the write returns, and returns only once its
 * feed has shown the write, so by the time anyone hears "removed" the news is on its way to
 * every instance.
 */
export class AccessCache {
  // The least recently used copies go first when the cache is full.
  readonly #entries = new QuickLRU<string, Entry>({ maxSize: MAX_ENTRIES });
  /** Reads in flight, one per document: requests arriving together share it. */
  readonly #reads = new Map<string, Read>();
  /** Writes of this instance waiting for the feed to show them, by `id\nrev`. */
  readonly #awaiting = new Map<string, Set<() => void>>();
  readonly #seen = new QuickLRU<string, true>({ maxSize: RECENTLY_SEEN });
  readonly #feed: ChangesFollower;
  // Bumped whenever the feed starts or stops being followed: a read begun before does not store.
  #epoch = 0;
  #following = false;

  constructor(
    private readonly store: AppStore,
    private readonly live: LiveRequests,
    log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.#feed = new ChangesFollower(
      store.couch,
      store.db,
      {
        following: () => this.#followingNow(),
        lost: () => this.#lost(),
        changed: (change) => this.#changed(change),
      },
      log,
    );
    store.onWritten((written) => this.#wrote(written));
  }

  /** Whether copies are served: the changes feed is followed. */
  get following(): boolean {
    return this.#following;
  }

  start(): void {
    this.#feed.start();
  }

  stop(): void {
    this.#feed.stop();
    this.#lost();
  }

  /**
   * A document by id: this instance's copy when it has a current one, else from the database
   * (with `read`, for a document whose reading has rules of its own, such as a session's).
   */
  async get<T extends CouchDoc>(
    id: string,
    read: (id: string) => Promise<T | null> = (id) => this.store.get<T>(id),
  ): Promise<T | null> {
    const entry = this.#entries.get(id);
    if (entry && this.#following && this.now() - entry.at <= MAX_AGE_MS) {
      accessCacheReads.inc({ result: 'hit' });
      return entry.doc as T;
    }
    const pending = this.#reads.get(id);
    if (pending && !pending.stale && pending.epoch === this.#epoch) {
      accessCacheReads.inc({ result: 'shared' });
      return (await pending.found) as T | null;
    }
    accessCacheReads.inc({ result: 'miss' });
    const reading: Read = { found: read(id), epoch: this.#epoch, stale: false };
    if (!CACHED.test(id)) return (await reading.found) as T | null;
    this.#reads.set(id, reading);
    try {
      const doc = await reading.found;
      // Only documents that exist: one created later needs no dropping.
      if (doc && !reading.stale && this.#following && reading.epoch === this.#epoch) {
        this.#entries.set(id, { doc: deepFreeze(doc), at: this.now() });
      }
      return doc as T | null;
    } finally {
      if (this.#reads.get(id) === reading) this.#reads.delete(id);
    }
  }

  /** As AppStore.workspaceAndMembership, from this instance's copies. */
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

  #drop(id: string): void {
    this.#entries.delete(id);
    const read = this.#reads.get(id);
    if (read) read.stale = true;
    this.#reads.delete(id);
  }

  #changed({ id, rev, deleted }: FollowedChange): void {
    if (!CACHED.test(id)) return;
    this.#drop(id);
    if (rev !== null) {
      const key = `${id}\n${rev}`;
      const waiting = this.#awaiting.get(key);
      this.#awaiting.delete(key);
      for (const resolve of waiting ?? []) resolve();
      this.#seen.set(key, true);
    }
    const membership = deleted ? MEMBERSHIP.exec(id) : null;
    if (membership) this.live.abort(membership[1]!, membership[2]!);
  }

  /**
   * This instance wrote these revisions: drop its copies at once, then wait (a moment at most)
   * for its feed to show them. The database sends a change to every instance's feed alike, so
   * once this one has it, the others have been sent it too.
   */
  async #wrote(written: readonly Written[]): Promise<void> {
    const watched = written.filter(({ id }) => CACHED.test(id));
    for (const { id } of watched) this.#drop(id);
    if (!this.#following || watched.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cleanups: (() => void)[] = [];
    const seen = watched.map(({ id, rev }) => {
      const key = `${id}\n${rev}`;
      if (this.#seen.has(key)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        let set = this.#awaiting.get(key);
        if (!set) this.#awaiting.set(key, (set = new Set()));
        set.add(resolve);
        cleanups.push(() => {
          set.delete(resolve);
          if (set.size === 0 && this.#awaiting.get(key) === set) this.#awaiting.delete(key);
        });
      });
    });
    await Promise.race([
      Promise.all(seen),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SEEN_WITHIN_MS))),
    ]);
    clearTimeout(timer);
    for (const cleanup of cleanups) cleanup();
  }

  #followingNow(): void {
    this.#epoch++;
    this.#following = true;
    upstreamFeeds.inc({ database: 'app' });
  }

  #lost(): void {
    if (this.#following) upstreamFeeds.dec({ database: 'app' });
    this.#following = false;
    this.#epoch++;
    this.#entries.clear();
    this.#reads.clear();
    this.#seen.clear();
    // Nothing to wait for any more: the writes go on as without a cache.
    for (const waiting of this.#awaiting.values()) for (const resolve of waiting) resolve();
    this.#awaiting.clear();
  }
}

/** Copies are shared by every request that reads them: nobody may change one. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
