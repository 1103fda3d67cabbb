import { CouchClient } from '../../db/couch-client.ts';
import { ChangeLog, docKey, type BulkGetDoc, type ChangeRow, type Seq } from './change-log.ts';
import { readRevisions } from './database-reads.ts';

/**
 * One upstream `_changes` feed for one workspace database, shared by every client of this
 * instance that follows it (issue 22: a change costs the database one read, not one per client).
 *
 * It follows the database continuously from the moment it starts, keeps the last changes in
 * arrival order with the documents each brought (read once, with one `_bulk_get`, as PouchDB
 * will ask for them), and wakes the clients waiting for changes. Sequences stay what the database
 * says they are: opaque values compared only for equality, never parsed (CouchDB 3 clusters
 * answer `"12-g1AAAA…"`).
 */
export type { BulkGetDoc, ChangeRow, Seq } from './change-log.ts';

/** How many recent changes are kept (and their documents): enough for clients a little behind. */
const KEPT_CHANGES = 2_000;
/** Changes arriving within this long are read from the database with one `_bulk_get`. */
const BATCH_MS = 15;
const HEARTBEAT_MS = 30_000;
const RETRY_MS = [250, 1_000, 2_000, 5_000, 10_000];

export interface FeedListener {
  /** New changes were published (the feed's `last` moved). */
  changed(): void;
  /** The feed stopped for good (workspace deleted): answer and go. */
  ended(): void;
}

export class WorkspaceFeed {
  private readonly log = new ChangeLog(KEPT_CHANGES);
  private readonly listeners = new Set<FeedListener>();
  /** When each change was read from the database (for keel_replication_lag_seconds). */
  private readonly readAt = new WeakMap<ChangeRow, number>();
  private pending: ChangeRow[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private abort = new AbortController();
  private stopped = false;
  private attempt = 0;
  /** The last sequence the feed has read (published or not); null until it is following. */
  private readSeq: Seq | null = null;
  /** Resolves once the upstream request is open: changes from then on reach the feed. */
  readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;
  private failReady: (error: unknown) => void = () => undefined;

  constructor(
    private readonly couch: CouchClient,
    readonly dbName: string,
    private readonly onGone: () => void,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    // A failure before the first connection is reported to whoever waits on `ready`; the feed
    // itself keeps retrying.
    this.ready.catch(() => undefined);
    void this.follow();
  }

  /** Wait for the feed to follow the database, for at most `ms`; a feed not ready is no error. */
  async readyWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.ready.catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }

  /** The sequence of the newest published change; null before any. */
  get last(): Seq | null {
    return this.log.last;
  }

  knows(since: string): boolean {
    return this.log.knows(since);
  }

  after(since: string, limit: number): ChangeRow[] {
    return this.log.after(since, limit);
  }

  get position(): number {
    return this.log.position;
  }

  get oldestPosition(): number {
    return this.log.oldestPosition;
  }

  afterPosition(position: number, limit: number): ChangeRow[] {
    return this.log.afterPosition(position, limit);
  }

  /** When the feed read `row` from the database (performance.now()); undefined if not its. */
  arrivedAt(row: ChangeRow): number | undefined {
    return this.readAt.get(row);
  }

  /** The document revision as the feed read it, if it still has it. */
  doc(id: string, rev: string): BulkGetDoc | undefined {
    return this.log.doc(id, rev);
  }

  listen(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get clients(): number {
    return this.listeners.size;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.failReady(new Error('feed stopped'));
    for (const listener of [...this.listeners]) listener.ended();
    this.listeners.clear();
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.readOnce();
        this.attempt = 0;
      } catch (error) {
        if (this.stopped) return;
        if (error instanceof FeedGone) {
          this.stop();
          this.onGone();
          return;
        }
        this.failReady(error);
        const wait = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]!;
        await new Promise((resolve) => setTimeout(resolve, wait));
        this.abort = new AbortController();
      }
    }
  }

  /** One upstream continuous request, from `now` or where the last one ended. */
  private async readOnce(): Promise<void> {
    const res = await this.couch.request('GET', CouchClient.dbPath(this.dbName, '/_changes'), {
      query: {
        feed: 'continuous',
        style: 'all_docs',
        since: this.readSeq === null ? 'now' : seqParam(this.readSeq),
        heartbeat: HEARTBEAT_MS,
      },
      lasting: true,
      headers: { 'accept-encoding': 'identity' },
      signal: this.abort.signal,
    });
    if (res.status === 404) {
      await res.body?.cancel();
      throw new FeedGone();
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`changes feed answered ${res.status}`);
    }
    this.markReady();
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) this.line(line);
        newline = buffered.indexOf('\n');
      }
    }
  }

  private line(text: string): void {
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof row !== 'object' || row === null) return;
    const change = row as Partial<ChangeRow> & { last_seq?: Seq };
    if (change.last_seq !== undefined && change.id === undefined) {
      this.readSeq = change.last_seq;
      return;
    }
    if (typeof change.id !== 'string' || change.seq === undefined || !Array.isArray(change.changes))
      return;
    this.readSeq = change.seq;
    this.readAt.set(change as ChangeRow, performance.now());
    this.pending.push(change as ChangeRow);
    this.flushTimer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  /** Read the batch's documents once, then publish the batch and wake the clients. */
  private async flush(): Promise<void> {
    this.flushTimer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0 || this.stopped) return;
    const wanted = batch.flatMap((row) => row.changes.map((c) => ({ id: row.id, rev: c.rev })));
    const docs = new Map<string, BulkGetDoc>();
    try {
      const read = await readRevisions(this.couch, this.dbName, wanted, { latest: true });
      read.forEach((doc, i) => {
        const asked = wanted[i]!;
        // Only a revision read whole is kept; anything else is asked of the database.
        if (doc && 'ok' in doc && doc.ok._rev === asked.rev)
          docs.set(docKey(asked.id, asked.rev), doc);
      });
    } catch {
      // Not read: clients ask the database for these documents themselves.
    }
    if (this.stopped) return;
    this.log.add(batch, docs);
    for (const listener of [...this.listeners]) listener.changed();
  }
}

/** The database is gone (the workspace was deleted). */
class FeedGone extends Error {}

/** A sequence as a query parameter: strings as they are, anything else as JSON. */
export function seqParam(seq: Seq): string {
  return typeof seq === 'string' ? seq : JSON.stringify(seq);
}
