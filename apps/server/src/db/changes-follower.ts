import type { FastifyBaseLogger } from 'fastify';
import { CouchClient } from './couch-client.ts';

/** One row of a changes feed: the document, its newest revision, whether it is a deletion. */
export interface FollowedChange {
  id: string;
  rev: string | null;
  deleted: boolean;
}

export interface ChangesHandlers {
  /** The feed is open: from now on every change of the database reaches `changed`. */
  following(): void;
  /** The feed is lost (an error, a silent connection, `stop`): changes may go unseen. */
  lost(): void;
  changed(change: FollowedChange): void;
}

const HEARTBEAT_MS = 10_000;
// The database sends a heartbeat every HEARTBEAT_MS; this long without a byte, the connection
// is taken for dead (a balancer or the network may drop it without closing it).
const SILENT_FOR_MS = HEARTBEAT_MS * 2.5;
const RETRY_MS = 1_000;

/**
 * Follows one database's changes with one continuous `_changes` request, from the moment it
 * connects ("now": whoever uses it holds nothing from before, see `lost`), reconnecting after a
 * second whenever the request fails, ends or falls silent.
 */
export class ChangesFollower {
  #stopped = false;
  #abort = new AbortController();

  constructor(
    private readonly couch: CouchClient,
    private readonly dbName: string,
    private readonly handlers: ChangesHandlers,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    void this.#run();
  }

  stop(): void {
    this.#stopped = true;
    this.#abort.abort();
  }

  async #run(): Promise<void> {
    let wasFollowing = true;
    while (!this.#stopped) {
      let following = false;
      try {
        await this.#follow(() => {
          following = true;
          this.handlers.following();
        });
      } catch (err) {
        // Said once per loss, not once a second while the database stays away (its requests
        // failing say that, and keel_database_errors_total counts them).
        if (!this.#stopped && (following || wasFollowing))
          this.log.warn({ err, db: this.dbName }, 'changes feed lost; reconnecting');
      }
      this.handlers.lost();
      wasFollowing = following;
      if (this.#stopped) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
    }
  }

  async #follow(onOpen: () => void): Promise<void> {
    const abort = new AbortController();
    this.#abort = abort;
    if (this.#stopped) return;
    let silence = setTimeout(() => abort.abort(), SILENT_FOR_MS);
    try {
      const res = await this.couch.request('GET', CouchClient.dbPath(this.dbName, '/_changes'), {
        query: { feed: 'continuous', since: 'now', heartbeat: HEARTBEAT_MS },
        // Compressed, the heartbeats would be held back.
        headers: { 'accept-encoding': 'identity' },
        signal: abort.signal,
        lasting: true,
      });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new Error(`changes feed of ${this.dbName} answered ${res.status}`);
      }
      onOpen();
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        clearTimeout(silence);
        silence = setTimeout(() => abort.abort(), SILENT_FOR_MS);
        buffered += decoder.decode(chunk, { stream: true });
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          this.#line(buffered.slice(0, newline).trim());
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf('\n');
        }
      }
    } finally {
      clearTimeout(silence);
    }
  }

  #line(text: string): void {
    if (!text) return;
    let row: { id?: unknown; changes?: { rev?: unknown }[]; deleted?: unknown };
    try {
      row = JSON.parse(text) as typeof row;
    } catch {
      return;
    }
    if (typeof row?.id !== 'string') return;
    const rev = Array.isArray(row.changes) ? row.changes[0]?.rev : undefined;
    this.handlers.changed({
      id: row.id,
      rev: typeof rev === 'string' ? rev : null,
      deleted: row.deleted === true,
    });
  }
}
