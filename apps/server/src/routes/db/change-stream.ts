import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CouchClient } from '../../db/couch-client.ts';
import { replicationLag } from '../../metrics.ts';
import { readChanges, readRevisions } from '../../workspaces/feed/database-reads.ts';
import {
  type BulkGetDoc,
  type ChangeRow,
  type Seq,
  type WorkspaceFeed,
} from '../../workspaces/feed/workspace-feed.ts';

/**
 * A device's live pull as one long answer (issue 22's push transport): every change of the
 * workspace after `since`, each with the revisions it brought (as `_bulk_get?revs=true` gives
 * them), one JSON batch per line, for as long as the device stays. PouchDB's pull asks three
 * times for each change it is told about (the longpoll, `_bulk_get`, its checkpoint); here the
 * instance writes each batch of its feed once to every device following it, and nobody asks.
 *
 * Lines: `{"results":[{seq,id,changes,deleted?,docs}],"last_seq":…}`; an empty line is a
 * heartbeat. The answer ends (cleanly) when the instance shuts down, so the device asks again
 * (elsewhere) from the last sequence it wrote; it is cut off when the person loses access.
 */

export interface StreamedChange extends ChangeRow {
  /** Each revision of `changes`, with its history; `{ error }` when it could not be read. */
  docs: BulkGetDoc[];
}

export interface ChangeStreamContext {
  feed: WorkspaceFeed;
  couch: CouchClient;
  dbName: string;
  since: string;
  reply: FastifyReply;
  /** Aborted when the client goes away or loses access: cut the answer off. */
  signal: AbortSignal;
  /** Aborted when the instance shuts down: end the answer where it stands. */
  ending: AbortSignal;
  /** Bytes a device may leave unread before it is cut off (STREAM_UNREAD_LIMIT by default). */
  unreadLimit?: number;
}

/** Changes read from the database at once while a device catches up. */
const CATCH_UP_LIMIT = 500;
const HEARTBEAT_MS = 25_000;
/** How long a client waits for a feed to connect before catching up anyway. */
const READY_WITHIN_MS = 5_000;
/**
 * What a device that reads slowly (or has stopped reading) may leave unread in the instance's
 * memory. Past it the device is cut off and asks again from the last batch it wrote, which
 * catches it up from the database: its backlog costs a read, not the instance's memory.
 */
export const STREAM_UNREAD_LIMIT = 8 * 1024 * 1024;

/** Each feed change as a stream line's entry, kept as long as the feed keeps the change. */
const changeJson = new WeakMap<ChangeRow, string>();
/** The last batch line written starting at a feed change. */
const batchLines = new WeakMap<ChangeRow, { last: ChangeRow; length: number; line: string }>();

export async function streamChanges(ctx: ChangeStreamContext): Promise<void> {
  const stream = new ChangeStream(ctx);
  try {
    await stream.run();
  } catch {
    // The database failed mid catch-up: cut, so the device retries (the answer so far stands).
    stream.cut();
  }
  return stream.finished;
}

class ChangeStream {
  readonly finished: Promise<void>;
  private resolve: () => void = () => undefined;
  private readonly out = new PassThrough();
  private readonly cleanups: (() => void)[] = [];
  private done = false;
  /** Writing a batch whose documents the feed no longer had: later ones wait behind it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: ChangeStreamContext) {
    this.finished = new Promise((resolve) => (this.resolve = resolve));
    void ctx.reply
      .code(200)
      .type('application/x-ndjson')
      .header('cache-control', 'no-store')
      // A balancer in front (nginx) must not hold lines back.
      .header('x-accel-buffering', 'no')
      .send(this.out);
    const onAbort = () => this.cut();
    const onEnding = () => this.end();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    ctx.ending.addEventListener('abort', onEnding, { once: true });
    const beat = setInterval(() => this.out.write('\n'), HEARTBEAT_MS);
    this.cleanups.push(
      () => ctx.signal.removeEventListener('abort', onAbort),
      () => ctx.ending.removeEventListener('abort', onEnding),
      () => clearInterval(beat),
    );
    // The first byte goes at once, so the device knows the stream is open.
    this.out.write('\n');
    if (ctx.signal.aborted) this.cut();
    else if (ctx.ending.aborted) this.end();
  }

  async run(): Promise<void> {
    const { feed } = this.ctx;
    let since = this.ctx.since;
    if (feed.knows(since)) {
      this.follow(feed.position - feed.after(since, Number.MAX_SAFE_INTEGER).length, null);
      return;
    }
    await feed.readyWithin(READY_WITHIN_MS);
    // Behind, or following another instance's feed: read what it missed from the database,
    // counting from where this feed stood before, so nothing slips between the two.
    const mark = feed.position;
    for (;;) {
      if (this.done) return;
      const page = await this.readChanges(since);
      if (page.results.length) this.write(await this.withDocs(page.results), page.last_seq);
      since = String(page.last_seq);
      if (page.results.length < CATCH_UP_LIMIT) break;
    }
    this.follow(mark, since);
  }

  /**
   * Write each batch the feed publishes from cursor `position` on. `covered`: the sequence the
   * reads from the database ended at; the feed can publish those changes after `mark` too (it
   * reads their documents first), and the first batch starts after it when it is there. (Sent
   * twice, a revision is simply one the device has.)
   */
  private follow(from: number, covered: string | null): void {
    if (this.done) return;
    const { feed } = this.ctx;
    let position = from;
    const deliver = () => {
      // Fallen out of what the feed keeps (a stream stalled for thousands of changes): cut, and
      // the device catches up from what it wrote.
      if (position < feed.oldestPosition) return this.cut();
      let rows = feed.afterPosition(position, Number.MAX_SAFE_INTEGER);
      position += rows.length;
      if (rows.length && covered !== null) {
        const seen = rows.findIndex((row) => String(row.seq) === covered);
        rows = rows.slice(seen + 1);
        covered = null;
      }
      if (rows.length === 0) return;
      const arrived = feed.arrivedAt(rows[0]!);
      if (arrived !== undefined) replicationLag.observe((performance.now() - arrived) / 1000);
      const line = this.lineFromFeed(rows);
      const last = rows.at(-1)!.seq;
      this.writing = this.writing
        .then(async () => {
          // The feed let go of some revisions already (read too late): ask the database.
          if (line !== null) this.writeLine(line);
          else this.write(await this.withDocs(rows), last);
        })
        .catch(() => this.cut());
    };
    this.cleanups.push(feed.listen({ changed: deliver, ended: () => this.end() }));
    deliver();
  }

  /**
   * The batch line for `rows` of the feed, null when the feed no longer has every revision.
   * Devices following one feed mostly stand at the same place, so each change is serialised
   * once, and each batch once for all the devices it reaches together.
   */
  private lineFromFeed(rows: readonly ChangeRow[]): string | null {
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const shared = batchLines.get(first);
    if (shared?.last === last && shared.length === rows.length) return shared.line;
    const parts: string[] = [];
    for (const row of rows) {
      let json = changeJson.get(row);
      if (json === undefined) {
        const change = this.fromFeed(row);
        if (!change) return null;
        json = JSON.stringify(change);
        changeJson.set(row, json);
      }
      parts.push(json);
    }
    const line = `{"results":[${parts.join(',')}],"last_seq":${JSON.stringify(last.seq)}}\n`;
    batchLines.set(first, { last, length: rows.length, line });
    return line;
  }

  private fromFeed(row: ChangeRow): StreamedChange | null {
    const docs: BulkGetDoc[] = [];
    for (const change of row.changes) {
      const doc = this.ctx.feed.doc(row.id, change.rev);
      if (!doc) return null;
      docs.push(doc);
    }
    return { ...row, docs };
  }

  private write(results: readonly StreamedChange[], lastSeq: Seq): void {
    if (this.done) return;
    // Still holding more than the limit of what came before: the device is not keeping up.
    // (Checked before, not after: one large batch alone is no sign of a slow device.)
    this.writeLine(`${JSON.stringify({ results, last_seq: lastSeq })}\n`);
  }

  private writeLine(line: string): void {
    if (this.done) return;
    if (this.unread() > (this.ctx.unreadLimit ?? STREAM_UNREAD_LIMIT)) return this.cut();
    this.out.write(line);
  }

  /** Bytes written for this device that have not reached its connection yet. */
  private unread(): number {
    return this.out.readableLength + this.out.writableLength + this.ctx.reply.raw.writableLength;
  }

  private readChanges(since: string): Promise<{ results: ChangeRow[]; last_seq: Seq }> {
    const { couch, dbName, signal } = this.ctx;
    return readChanges(couch, dbName, since, CATCH_UP_LIMIT, signal);
  }

  /** The revisions of these changes, read from the database in one `_bulk_get`. */
  private async withDocs(rows: readonly ChangeRow[]): Promise<StreamedChange[]> {
    const { couch, dbName, signal } = this.ctx;
    const wanted = rows.flatMap((row) => row.changes.map((c) => ({ id: row.id, rev: c.rev })));
    const docs = await readRevisions(couch, dbName, wanted, { signal });
    let next = 0;
    return rows.map((row) => ({
      ...row,
      docs: row.changes.map(() => docs[next++] ?? { error: { error: 'missing' } }),
    }));
  }

  /** The instance is closing: end cleanly, so the device asks again from what it has. */
  end(): void {
    if (this.done) return;
    this.finish();
    this.out.end();
  }

  /** Gone, or no longer a member: cut off, not ended. */
  cut(): void {
    if (this.done) return;
    this.finish();
    this.ctx.reply.raw.destroy();
    this.out.destroy();
  }

  private finish(): void {
    this.done = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.resolve();
  }
}
