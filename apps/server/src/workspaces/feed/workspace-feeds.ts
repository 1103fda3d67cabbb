import type { CouchClient } from '../../db/couch-client.ts';
import { WorkspaceFeed } from './workspace-feed.ts';

/** How long a feed nobody listens to stays open: a reload comes back to it. */
const IDLE_MS = 60_000;

/**
 * This instance's feeds, one per workspace database somebody follows (an *active* workspace).
 * Nothing here is needed by another instance: each follows the databases its own clients follow.
 */
export class WorkspaceFeeds {
  private readonly feeds = new Map<string, WorkspaceFeed>();
  private readonly idle = new Map<string, ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(private readonly couch: CouchClient) {}

  /** The feed of `dbName`, started if it is not running. */
  get(dbName: string): WorkspaceFeed {
    if (this.closed) throw new Error('feeds closed');
    this.keep(dbName);
    let feed = this.feeds.get(dbName);
    if (!feed) {
      feed = new WorkspaceFeed(this.couch, dbName, () => this.forget(dbName));
      this.feeds.set(dbName, feed);
    }
    return feed;
  }

  /** The feed of `dbName` if one runs; never starts one. */
  peek(dbName: string): WorkspaceFeed | undefined {
    return this.feeds.get(dbName);
  }

  /** A client stopped listening: stop the feed if nobody comes back for a while. */
  released(dbName: string): void {
    const feed = this.feeds.get(dbName);
    if (!feed || feed.clients > 0 || this.closed) return;
    this.keep(dbName);
    this.idle.set(
      dbName,
      setTimeout(() => {
        this.idle.delete(dbName);
        if ((this.feeds.get(dbName)?.clients ?? 1) === 0) this.forget(dbName);
      }, IDLE_MS),
    );
  }

  /** Upstream feeds open: for metrics and tests. */
  get size(): number {
    return this.feeds.size;
  }

  /** Stop every feed; their waiting clients are answered (server shutdown). */
  close(): void {
    this.closed = true;
    for (const dbName of [...this.feeds.keys()]) this.forget(dbName);
  }

  private keep(dbName: string): void {
    const timer = this.idle.get(dbName);
    if (timer) clearTimeout(timer);
    this.idle.delete(dbName);
  }

  private forget(dbName: string): void {
    this.keep(dbName);
    const feed = this.feeds.get(dbName);
    this.feeds.delete(dbName);
    feed?.stop();
  }
}
