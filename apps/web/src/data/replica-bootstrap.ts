// Over 300 lines: the first fill's state (queue, written, writing, again) moves together on every
// page and write; splitting it waits for the one-map-of-phases rewrite, measured with the 100k bench.
import {
  SNAPSHOT_PAGE_MAX,
  SNAPSHOT_PARTS,
  workspaceDocSchema,
  type WorkspaceDoc,
} from '@keel/domain';
import { writeDocs } from './replica-docs.ts';
import type { FillHooks, FillResult, WriteResult } from './replica-types.ts';
import {
  bulkGetSchema,
  changesPageSchema,
  databaseInfoSchema,
  fetchParsed,
  snapshotPageSchema,
  type ChangesPage,
  type ChangesRow,
  type SnapshotPage,
} from './replica-responses.ts';

export type { FillHooks, FillResult };

/**
 * First sync of a replica from the server's change feed, in large pages with the documents
 * inline, written with `new_edits: false` (the server's revisions, no new ones). Replication
 * would get there too, but one document at a time through `_revs_diff` and `_bulk_get` round
 * trips and revision-tree merges: about ten times slower at 10,000 issues.
 *
 * It runs in two phases. First every page is fetched and handed to the screens (`onDocs`); once
 * the feed's end is reached (`onCaughtUp`) the page has the whole workspace in memory and saves
 * it as a store snapshot, so it is on the device (store-snapshot.ts). Then the documents are
 * written to the replica one by one, which takes most of the time (about 0.35 ms a document in
 * IndexedDB), while the feed is followed live so the device stays current. Until that is done
 * the fill owns the replica: the page's own writes come through `write` (one writer; PouchDB's
 * `indexeddb` adapter keeps its sequence counter in memory per open handle).
 *
 * Afterwards both replication directions are checkpointed at the fill's sequences, so live sync
 * continues from there instead of comparing every document again. A fill that was cut off
 * (page closed, network gone) leaves its mark saying so, and the next one resumes it, comparing
 * the server's documents with what the replica already holds.
 */

type Seq = number | string;

interface OneShotReplication extends Promise<unknown> {
  on(event: 'denied', listener: (denied: unknown) => void): unknown;
}
interface ReplicateOptions {
  since: Seq;
  batch_size: number;
}
/**
 * What this needs of a PouchDB database, spelled out so the module carries no PouchDB types
 * (its server-side test runs it with pouchdb-node, whose types clash with the browser's).
 */
export interface BootstrapDb<Remote = unknown> {
  info(): Promise<{ update_seq: Seq }>;
  bulkDocs(docs: object[], options?: { new_edits: false }): Promise<unknown>;
  put(doc: { _id: string; [field: string]: unknown }): Promise<unknown>;
  get(id: string): Promise<unknown>;
  allDocs(): Promise<{ rows: { id: string; value: { rev: string } }[] }>;
  replicate: {
    from(remote: Remote, options: ReplicateOptions): OneShotReplication;
    to(remote: Remote, options: ReplicateOptions): OneShotReplication;
  };
}
type Db = BootstrapDb;

const PAGE_SIZE = 5_000;
// Small enough that a write of the person's waits at most a few hundred milliseconds behind one.
const WRITE_BATCH = 1_000;
const LIVE_TIMEOUT_MS = 25_000;
const LIVE_RETRY_MS = 2_000;
export const BOOTSTRAP_MARK = 'keel-bootstrap';
/** The name of the error a write gets when it reaches a fill that has just ended, unwritten. */
export const FILL_ENDED = 'FillEnded';

export interface BootstrapMark {
  /** `filling` until every document is written; a mark without it is from an older build. */
  phase?: 'filling' | 'done';
  /** Server sequence the pull continues from. */
  pull: Seq;
  /** Local sequence from which the push continues: everything before it came from the server. */
  push: Seq;
  /** Whether replication's own checkpoints have been set at these sequences yet. */
  checkpointed: boolean;
  /** While filling: the documents the page has written through the fill. */
  mine?: string[];
}

type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Whether a replica needs a fill: never written to, or a fill was cut off. */
export async function needsFill(db: Pick<Db, 'info' | 'get'>): Promise<boolean> {
  const mark = (await db.get(`_local/${BOOTSTRAP_MARK}`).catch(() => null)) as BootstrapMark | null;
  if (mark) return mark.phase === 'filling';
  return (await db.info()).update_seq === 0;
}

export class ReplicaFill {
  /** Server documents fetched and not yet written, in feed order. */
  private readonly queue = new Map<string, object>();
  /** Revisions the replica holds: a later one of these needs its history to follow on. */
  private readonly written = new Map<string, string>();
  /** Revisions being written now: a later one that arrives meanwhile needs its history too. */
  private readonly writing = new Map<string, string>();
  /** Documents the replica holds (or is writing) an older revision of, to fetch with history. */
  private readonly again = new Map<string, string>();
  /**
   * For each of `again`, the feed's sequence before the page that brought it, and that page's
   * place in the feed: one that cannot be fetched (offline) is left to replication from there.
   */
  private readonly againFrom = new Map<string, { page: number; since: Seq }>();
  private pages = 0;
  /** Documents the page wrote through the fill: not the server's, so they wait to go up. */
  private readonly mine = new Set<string>();
  private since: Seq = 0;
  private pushFrom: Seq | null = null;
  private writes: Promise<unknown> = Promise.resolve();
  private readonly live = new AbortController();
  private ended = false;

  /** `/db/:ws` is the workspace's replication endpoint; its snapshot pages are under /api. */
  private readonly snapshotUrl: string;

  constructor(
    private readonly db: Db,
    private readonly remoteUrl: string,
    private readonly fetchRemote: RemoteFetch,
    private readonly hooks: FillHooks,
    private readonly pageSize = PAGE_SIZE,
    private readonly writeBatch = WRITE_BATCH,
  ) {
    this.snapshotUrl = remoteUrl.replace(/\/db\/([^/]+)\/?$/, '/api/workspaces/$1/snapshot');
  }

  /** Fill the replica; null when it needs none (nothing done). */
  async run(): Promise<FillResult | null> {
    try {
      return await this.fill();
    } catch (error) {
      // Every write the page sent before this gets its real outcome; later ones are refused
      // unwritten (FILL_ENDED), so the page can make them itself.
      this.end();
      await this.writes;
      throw error;
    }
  }

  /** Stop (the page is closing): the fill ends with an error, and resumes at the next open. */
  cancel(): void {
    this.end();
  }

  private async fill(): Promise<FillResult | null> {
    if (!(await needsFill(this.db))) return null;
    const mark = (await this.db
      .get(`_local/${BOOTSTRAP_MARK}`)
      .catch(() => null)) as BootstrapMark | null;
    // Resuming a fill that was cut off: what is already on the device is not written again, and
    // changes made on it meanwhile (through that fill, or offline since) are somewhere among its
    // documents, so the push compares them all.
    if (mark) {
      this.pushFrom = 0;
      for (const id of mark.mine ?? []) this.mine.add(id);
    } else await this.putLocal(BOOTSTRAP_MARK, this.fillingMark());
    for (const row of (await this.db.allDocs()).rows)
      if (!row.id.startsWith('_')) this.written.set(row.id, row.value.rev);
    // A fresh fill reads the current documents, the lists' first (decision 014), and then the
    // feed from where the database stood before them; a resumed one reads the feed from its
    // start, which also says what was deleted meanwhile.
    if (!mark) this.since = await this.readSnapshot();

    let page: ChangesPage;
    let next: Promise<ChangesPage> | null = this.page(this.since);
    do {
      page = await next;
      // Ask for the next page while this one is handed over: the server and the device work at once.
      next = page.results.length === this.pageSize ? this.page(page.last_seq) : null;
      // If that request fails meanwhile, its error is thrown when it is awaited; until then it
      // must not surface as an unhandled rejection.
      next?.catch(() => undefined);
      if (this.ended)
        throw Object.assign(new Error('The first sync has ended'), { name: FILL_ENDED });
      this.take(page);
    } while (next);
    // The page saves its snapshot before any document is written: the workspace is then on the
    // device at once, the documents follow one by one below.
    await this.hooks.onCaughtUp();

    const following = this.followLive();
    try {
      await this.drain();
    } finally {
      this.live.abort();
    }
    await following;
    // What the live feed brought while the last batch was written.
    await this.drain();
    const seq = (await this.db.info()).update_seq;
    const push = this.pushFrom ?? seq;
    const result: FillResult = { seq, push, resumed: mark !== null, mine: [...this.mine] };
    await this.hooks.onFilled?.(result);
    await this.exclusive(() =>
      this.putLocal(BOOTSTRAP_MARK, {
        phase: 'done',
        pull: this.pullFrom(),
        push,
        checkpointed: false,
      }),
    );
    // From here the page writes through its own handle; a write that comes late is refused
    // unwritten (FILL_ENDED), so it can be made there instead.
    this.end();
    await this.writes;
    return result;
  }

  /**
   * Where the pull continues: the end of the feed, or before the first page that brought a later
   * revision the fill could not fetch (offline): replication brings it with its history.
   */
  private pullFrom(): Seq {
    let from: { page: number; since: Seq } | null = null;
    for (const left of this.againFrom.values()) if (!from || left.page < from.page) from = left;
    return from?.since ?? this.since;
  }

  private fillingMark(): BootstrapMark {
    return { phase: 'filling', pull: 0, push: 0, checkpointed: false, mine: [...this.mine] };
  }

  /**
   * A write of the page's while the fill runs. The documents it updates are written first if they
   * are still waiting, so the update finds the revision it was made from.
   */
  write(docs: readonly object[]): Promise<WriteResult[]> {
    return this.exclusive(async () => {
      const ids = new Set(docs.map((d) => (d as { _id: string })._id));
      try {
        await this.writeQueued([...this.queue.keys()].filter((id) => ids.has(id)));
        await this.writeAgain([...this.again.keys()].filter((id) => ids.has(id)));
      } catch {
        // Still waiting (a later revision's history did not come, offline say): the change is
        // made on the revision the replica has, and the later one follows as a conflict, which
        // the page merges once the fill is done.
      }
      this.pushFrom ??= (await this.db.info()).update_seq;
      const results = await writeDocs(this.db as Parameters<typeof writeDocs>[0], docs);
      const before = this.mine.size;
      for (const r of results)
        if (r.ok && r.rev) {
          this.written.set(r.id, r.rev);
          this.mine.add(r.id);
        }
      // Kept with the mark, so a fill that is cut off still knows them when it is resumed.
      if (this.mine.size > before)
        await this.putLocal(BOOTSTRAP_MARK, this.fillingMark()).catch(() => undefined);
      return results;
    });
  }

  /** A `_local` record written through the fill (the page's push mark). */
  writeLocal(id: string, value: object): Promise<void> {
    return this.exclusive(() => this.putLocal(id, value));
  }

  private end(): void {
    this.ended = true;
    this.live.abort();
  }

  private page(since: Seq, live = false): Promise<ChangesPage> {
    const feed = live ? `&feed=longpoll&timeout=${LIVE_TIMEOUT_MS}` : '';
    return fetchParsed(
      changesPageSchema,
      this.fetchRemote,
      `${this.remoteUrl}/_changes?include_docs=true&limit=${this.pageSize}&since=${encodeURIComponent(String(since))}${feed}`,
      // A connection gone quiet (a laptop asleep, Wi-Fi lost without a word) counts as lost.
      live
        ? { signal: AbortSignal.any([this.live.signal, AbortSignal.timeout(LIVE_TIMEOUT_MS * 2)]) }
        : undefined,
    );
  }

  /**
   * The workspace's current documents, a type at a time (GET /api/workspaces/:ws/snapshot),
   * the lists' part first. Returns the database's sequence from before the first page: the feed
   * from there brings again whatever changed while they were read.
   */
  private async readSnapshot(): Promise<Seq> {
    const { update_seq: start } = await fetchParsed(
      databaseInfoSchema,
      this.fetchRemote,
      `${this.remoteUrl}/`,
    );
    for (const part of ['main', 'history'] as const) {
      for (const type of SNAPSHOT_PARTS[part]) {
        let next: Promise<SnapshotPage> | null = this.snapshotPage(type);
        while (next) {
          const page: SnapshotPage = await next;
          const last = page.rows.at(-1);
          next =
            page.rows.length === this.snapshotLimit && last
              ? this.snapshotPage(type, last.id)
              : null;
          next?.catch(() => undefined);
          if (this.ended)
            throw Object.assign(new Error('The first sync has ended'), { name: FILL_ENDED });
          // A later revision that cannot be fetched is left to replication from before them all.
          const rows = page.rows.map((r) => ({ id: r.id, changes: [r.value], doc: r.doc }));
          this.takeRows(rows, { page: this.pages++, since: start });
        }
      }
      // Not waited for: the page saves the lists while the history is read.
      if (part === 'main') void Promise.resolve(this.hooks.onMainRead?.()).catch(() => undefined);
    }
    return start;
  }

  private get snapshotLimit(): number {
    return Math.min(this.pageSize, SNAPSHOT_PAGE_MAX);
  }

  private snapshotPage(type: string, after?: string): Promise<SnapshotPage> {
    const query = `type=${type}&limit=${this.snapshotLimit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    return fetchParsed(snapshotPageSchema, this.fetchRemote, `${this.snapshotUrl}?${query}`);
  }

  private take(page: ChangesPage): void {
    const from = { page: this.pages++, since: this.since };
    this.since = page.last_seq;
    this.takeRows(page.results, from);
  }

  private takeRows(results: readonly ChangesRow[], from: { page: number; since: Seq }): void {
    const docs: WorkspaceDoc[] = [];
    const deleted: string[] = [];
    for (const row of results) {
      const rev = row.doc?._rev ?? row.changes?.[0]?.rev;
      if (!rev) continue;
      if (row.deleted) deleted.push(row.id);
      else if (row.doc) {
        // Checked here, where the fill runs (a worker), so the page only files them.
        const valid = workspaceDocSchema.safeParse(row.doc);
        if (valid.success) docs.push(valid.data);
      }
      const held = this.writing.get(row.id) ?? this.written.get(row.id);
      if (held === rev) continue;
      if (held !== undefined) {
        // Written without its history, the newer revision would sit beside the older one as a
        // conflict; it is fetched with its history instead.
        this.again.set(row.id, rev);
        if (!this.againFrom.has(row.id)) this.againFrom.set(row.id, from);
        this.queue.delete(row.id);
      } else if (row.deleted) this.queue.delete(row.id);
      else if (row.doc) {
        // A later revision of a document not written yet simply replaces it.
        this.queue.delete(row.id);
        this.queue.set(row.id, row.doc);
      }
    }
    if (docs.length || deleted.length) this.hooks.onDocs(docs, deleted);
  }

  private async followLive(): Promise<void> {
    while (!this.live.signal.aborted) {
      try {
        this.take(await this.page(this.since, true));
        this.hooks.onLive?.(true);
      } catch (error) {
        if (this.live.signal.aborted) return;
        const status = (error as { status?: unknown }).status;
        this.hooks.onLive?.(false, typeof status === 'number' ? status : null);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, LIVE_RETRY_MS);
          this.live.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    }
  }

  private async drain(): Promise<void> {
    // Offline, later revisions cannot be fetched: the fill ends without them (see `pullFrom`).
    let reachable = true;
    while (this.queue.size || (this.again.size && reachable)) {
      await this.exclusive(async () => {
        await this.writeQueued([...this.queue.keys()].slice(0, this.writeBatch));
        // Asked once a drain: a connection gone quiet would hold every later batch to its timeout.
        if (reachable)
          reachable = await this.writeAgain([...this.again.keys()].slice(0, this.writeBatch));
      });
    }
  }

  private async writeQueued(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const docs = ids.map((id) => this.queue.get(id) as { _id: string; _rev: string });
    for (const doc of docs) {
      this.queue.delete(doc._id);
      this.writing.set(doc._id, doc._rev);
    }
    try {
      await this.db.bulkDocs(docs, { new_edits: false });
      for (const doc of docs) this.written.set(doc._id, doc._rev);
    } catch (error) {
      // Waiting again, unless a later revision (in `again`) has taken its place meanwhile.
      for (const doc of docs)
        if (!this.again.has(doc._id) && !this.queue.has(doc._id)) this.queue.set(doc._id, doc);
      throw error;
    } finally {
      for (const doc of docs) this.writing.delete(doc._id);
    }
  }

  /** False when the server could not be reached: they are still waiting, nothing was written. */
  private async writeAgain(ids: readonly string[]): Promise<boolean> {
    if (!ids.length) return true;
    const wanted = ids.map((id) => ({ id, rev: this.again.get(id) as string }));
    for (const { id, rev } of wanted) {
      this.again.delete(id);
      this.writing.set(id, rev);
    }
    // Waiting again, unless a later revision has taken its place meanwhile.
    const restore = () => {
      for (const { id, rev } of wanted) if (!this.again.has(id)) this.again.set(id, rev);
    };
    try {
      let docs: object[];
      try {
        docs = await withHistory(this.fetchRemote, this.remoteUrl, wanted);
      } catch {
        restore();
        return false;
      }
      await this.db.bulkDocs(docs, { new_edits: false });
      // One the server no longer has is followed by a later revision in the feed.
      const got = new Set(docs.map((d) => (d as { _id: string })._id));
      for (const { id, rev } of wanted)
        if (got.has(id)) {
          this.written.set(id, rev);
          if (!this.again.has(id)) this.againFrom.delete(id);
        }
    } catch (error) {
      restore();
      throw error;
    } finally {
      for (const { id } of wanted) this.writing.delete(id);
    }
    return true;
  }

  private async putLocal(id: string, value: object): Promise<void> {
    const _id = `_local/${id}`;
    const held = (await this.db.get(_id).catch(() => null)) as { _rev?: string } | null;
    await this.db.put({ ...value, _id, ...(held?._rev ? { _rev: held._rev } : {}) });
  }

  /** One write at a time, so the page's writes and the fill's never interleave. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writes.then(() => {
      if (this.ended)
        throw Object.assign(new Error('The first sync has ended'), { name: FILL_ENDED });
      return task();
    });
    this.writes = run.catch(() => undefined);
    return run;
  }
}

async function withHistory(
  fetchRemote: RemoteFetch,
  remoteUrl: string,
  docs: { id: string; rev: string }[],
): Promise<object[]> {
  const body = await fetchParsed(bulkGetSchema, fetchRemote, `${remoteUrl}/_bulk_get?revs=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ docs }),
    // A connection gone quiet must not hold up the page's writes, which wait behind this.
    signal: AbortSignal.timeout(LIVE_TIMEOUT_MS * 2),
  });
  return body.results.flatMap((r) => r.docs.flatMap((d) => (d.ok ? [d.ok] : [])));
}

/**
 * Set replication's checkpoints at the fill's sequences with two one-shot replications
 * (a `since` on the live sync would be re-applied on each of its retries). Tried once: if it
 * fails (offline again already), live sync still works from no checkpoint, it just compares
 * every document once, and must not later be wound back to the fill's sequences. A fill that
 * has not finished sets none.
 */
export async function checkpointBootstrap<Remote>(
  db: BootstrapDb<Remote>,
  remote: Remote,
  onDenied: (denied: unknown) => void,
): Promise<void> {
  const mark = (await db.get(`_local/${BOOTSTRAP_MARK}`).catch(() => null)) as
    (BootstrapMark & { _id: string; _rev: string }) | null;
  if (!mark || mark.checkpointed || mark.phase === 'filling') return;
  try {
    // Changes made on the device since the fill go up here, so refusals must be reported.
    const push = db.replicate.to(remote, { since: mark.push, batch_size: 1_000 });
    push.on('denied', onDenied);
    await Promise.all([db.replicate.from(remote, { since: mark.pull, batch_size: 1_000 }), push]);
  } finally {
    await db.put({ ...mark, checkpointed: true });
  }
}
