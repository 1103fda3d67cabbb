import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CouchClient } from '../../db/couch-client.ts';
import { replicationLag } from '../../metrics.ts';
import { readChanges } from '../../workspaces/feed/database-reads.ts';
import { endedByShutdown } from '../../workspaces/live-requests.ts';
import {
  seqParam,
  type ChangeRow,
  type Seq,
  type WorkspaceFeed,
} from '../../workspaces/feed/workspace-feed.ts';

/**
 * A client's live `_changes` answered from this instance's feed of the workspace (issue 22):
 * the request PouchDB's live replication makes (`feed=longpoll&style=all_docs&since=…`) waits
 * here for the feed's next changes instead of holding a request of its own open on the
 * database. A client that is behind catches up from the database once, with a normal request,
 * and follows the feed from there. Anything else is passed to the database as before.
 */
export interface FanOutQuery {
  since: string;
  limit: number;
  timeoutMs: number;
  heartbeatMs: number | null;
}

/** CouchDB's longpoll timeout when the client names none. */
const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_TIMEOUT_MS = 60_000;
const DEFAULT_LIMIT = 1_000;
/** How long a client waits for a feed to connect before the database is asked instead. */
const READY_WITHIN_MS = 5_000;

/** The requests the feed can answer: PouchDB's live pull, nothing that filters or adds docs. */
export function fanOutQuery(method: string, query: Record<string, string>): FanOutQuery | null {
  if (method !== 'GET' || query.feed !== 'longpoll') return null;
  if ((query.style ?? 'all_docs') !== 'all_docs') return null;
  for (const unsupported of ['filter', 'doc_ids', 'include_docs', 'conflicts', 'descending'])
    if (query[unsupported] !== undefined) return null;
  const since = query.since;
  // `now` and a missing `since` ask for the database's current position: its own to give.
  if (since === undefined || since === '' || since === 'now') return null;
  const number = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
  };
  const heartbeat = number(query.heartbeat, 0);
  return {
    since,
    limit: number(query.limit, DEFAULT_LIMIT),
    timeoutMs: Math.min(number(query.timeout, DEFAULT_TIMEOUT_MS), MAX_TIMEOUT_MS),
    heartbeatMs: heartbeat > 0 ? Math.max(heartbeat, 1_000) : null,
  };
}

export interface FanOutContext {
  feed: WorkspaceFeed;
  couch: CouchClient;
  dbName: string;
  query: FanOutQuery;
  reply: FastifyReply;
  /** Aborted when the client goes away or loses access: stop waiting at once. */
  signal: AbortSignal;
  /**
   * Aborted with `ShuttingDown` when the instance closes: a waiting answer then ends as "no
   * news" from where it stands, so the client asks again (elsewhere) and skips nothing.
   */
  ending?: AbortSignal;
}

const body = (results: readonly ChangeRow[], lastSeq: Seq) =>
  JSON.stringify({ results, last_seq: lastSeq, pending: 0 });

/**
 * Answer one live `_changes` request from the feed (with one catch-up read when behind). The
 * answer is a stream from the start: its headers go with its first byte, a heartbeat (a newline,
 * when asked for) or the changes. Resolves when the request is done with: answered, or cut (the client gone,
 * or its access, or the catch-up read failed: the connection is closed and PouchDB retries).
 */
export async function serveChanges(ctx: FanOutContext): Promise<void> {
  const { feed, query } = ctx;
  const answer = new Answer(ctx);
  if (answer.done) return answer.finished;
  if (feed.knows(query.since)) {
    answer.follow(() => feed.after(query.since, query.limit), query.since);
    return answer.finished;
  }
  // Behind, or following another instance's feed: read what it missed from the database once,
  // counting from where this feed stood before the read, so nothing slips between the two. (A
  // feed still connecting is waited for a moment; past that, a change made before it connects
  // reaches this client with its next request.)
  await feed.readyWithin(READY_WITHIN_MS);
  const mark = feed.position;
  let caughtUp: { results: ChangeRow[]; last_seq: Seq };
  try {
    caughtUp = await catchUp(ctx);
  } catch {
    answer.cut();
    return answer.finished;
  }
  if (caughtUp.results.length) {
    answer.end(caughtUp.results, caughtUp.last_seq);
    return answer.finished;
  }
  // A change the read already covered can still be published after `mark` (the feed reads its
  // documents before publishing): when its sequence is the one the read ended at, start after it.
  const covered = String(caughtUp.last_seq);
  answer.follow(() => {
    const rows = feed.afterPosition(mark, Number.MAX_SAFE_INTEGER);
    const seen = rows.findIndex((row) => String(row.seq) === covered);
    return rows.slice(seen + 1, seen + 1 + query.limit);
  }, caughtUp.last_seq);
  return answer.finished;
}

function catchUp(ctx: FanOutContext): Promise<{ results: ChangeRow[]; last_seq: Seq }> {
  return readChanges(ctx.couch, ctx.dbName, ctx.query.since, ctx.query.limit, ctx.signal);
}

/** One longpoll answer, streamed from the moment the request arrives. */
class Answer {
  done = false;
  readonly finished: Promise<void>;
  private resolve: () => void = () => undefined;
  private readonly stream = new PassThrough();
  private readonly cleanups: (() => void)[] = [];
  private lastSeq: Seq;

  constructor(private readonly ctx: FanOutContext) {
    this.lastSeq = ctx.query.since;
    this.finished = new Promise((resolve) => (this.resolve = resolve));
    const { reply, query, signal } = ctx;
    void reply
      .code(200)
      .type('application/json')
      .header('cache-control', 'no-store')
      .send(this.stream);
    const onAbort = () => this.cut();
    signal.addEventListener('abort', onAbort, { once: true });
    this.cleanups.push(() => signal.removeEventListener('abort', onAbort));
    const { ending } = ctx;
    const onEnding = () => {
      if (ending && endedByShutdown(ending)) this.end([], this.lastSeq);
    };
    ending?.addEventListener('abort', onEnding, { once: true });
    this.cleanups.push(() => ending?.removeEventListener('abort', onEnding));
    if (query.heartbeatMs) {
      const beat = setInterval(() => this.stream.write('\n'), query.heartbeatMs);
      this.cleanups.push(() => clearInterval(beat));
    }
    const timeout = setTimeout(() => this.end([], this.lastSeq), query.timeoutMs);
    this.cleanups.push(() => clearTimeout(timeout));
    if (signal.aborted) this.cut();
    else if (ending?.aborted) onEnding();
  }

  /** Answer with the feed's changes as soon as `rowsNow` has any (at once if it has). */
  follow(rowsNow: () => ChangeRow[], lastSeq: Seq): void {
    if (this.done) return;
    this.lastSeq = lastSeq;
    const rows = rowsNow();
    if (rows.length) return this.deliver(rows, lastSeq);
    this.cleanups.push(
      this.ctx.feed.listen({
        changed: () => {
          const next = rowsNow();
          if (next.length) this.deliver(next, lastSeq);
        },
        ended: () => this.end([], lastSeq),
      }),
    );
  }

  /** End with changes from the feed, counting how long after their arrival they go out. */
  private deliver(rows: readonly ChangeRow[], lastSeq: Seq): void {
    const arrived = rows[0] && this.ctx.feed.arrivedAt(rows[0]);
    if (!this.done && arrived !== undefined)
      replicationLag.observe((performance.now() - arrived) / 1000);
    this.end(rows, lastSeq);
  }

  end(rows: readonly ChangeRow[], lastSeq: Seq): void {
    if (this.done) return;
    this.finish();
    this.stream.end(body(rows, rows.at(-1)?.seq ?? lastSeq));
  }

  /**
   * Gone, or no longer a member: the answer is cut off, not ended (an ended one would read as
   * "no changes", and the client would carry on).
   */
  cut(): void {
    if (this.done) return;
    this.finish();
    this.ctx.reply.raw.destroy();
    this.stream.destroy();
  }

  private finish(): void {
    this.done = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.resolve();
  }
}

export { seqParam };
