// Over 300 lines: one class, as the fill's pages, its writes and the page's own writes share one
// lock (exclusive) and one ledger; what it reads of the server and its mark live beside it.
import {
  SNAPSHOT_PAGE_MAX,
  SNAPSHOT_PARTS,
  workspaceDocSchema,
  type WorkspaceDoc,
} from '@keel/domain';
import { FillLedger, type FeedPlace, type FedDoc } from './fill-ledger.ts';
import {
  BOOTSTRAP_MARK,
  needsFill,
  type BootstrapDb,
  type BootstrapMark,
} from './replica-fill-mark.ts';
import { writeDocs } from './replica-docs.ts';
import type { FillHooks, FillResult, Seq, WriteResult } from './replica-types.ts';
import { FillRemote, type RemoteFetch } from './replica-fill-remote.ts';
import type { ChangesPage, ChangesRow, SnapshotPage } from './replica-responses.ts';

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

const PAGE_SIZE = 5_000;
// Small enough that a write of the person's waits at most a few hundred milliseconds behind one.
const WRITE_BATCH = 1_000;
const LIVE_RETRY_MS = 2_000;
/** The name of the error a write gets when it reaches a fill that has just ended, unwritten. */
export const FILL_ENDED = 'FillEnded';

type Db = BootstrapDb;

export class ReplicaFill {
  /** Where each server document stands: held, being written, waiting, or to fetch again. */
  private readonly ledger = new FillLedger();
  private pages = 0;
  /** Documents the page wrote through the fill: not the server's, so they wait to go up. */
  private readonly mine = new Set<string>();
  private since: Seq = 0;
  private pushFrom: Seq | null = null;
  private writes: Promise<unknown> = Promise.resolve();
  private readonly live = new AbortController();
  private ended = false;

  private readonly remote: FillRemote;

  constructor(
    private readonly db: Db,
    remoteUrl: string,
    fetchRemote: RemoteFetch,
    private readonly hooks: FillHooks,
    private readonly pageSize = PAGE_SIZE,
    private readonly writeBatch = WRITE_BATCH,
  ) {
    this.remote = new FillRemote(remoteUrl, fetchRemote);
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
      if (!row.id.startsWith('_')) this.ledger.hold(row.id, row.value.rev);
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
    return this.ledger.earliestUnfetched()?.since ?? this.since;
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
      const waiting = this.ledger.waitingAmong(docs.map((d) => (d as FedDoc)._id));
      try {
        await this.writeQueued(waiting.writes);
        await this.writeAgain(waiting.fetches);
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
          this.ledger.hold(r.id, r.rev);
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
    return this.remote.changes(since, this.pageSize, live ? this.live.signal : undefined);
  }

  /**
   * The workspace's current documents, a type at a time (GET /api/workspaces/:ws/snapshot),
   * the lists' part first. Returns the database's sequence from before the first page: the feed
   * from there brings again whatever changed while they were read.
   */
  private async readSnapshot(): Promise<Seq> {
    const start = await this.remote.updateSeq();
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
    return this.remote.snapshotPage(type, this.snapshotLimit, after);
  }

  private take(page: ChangesPage): void {
    const from: FeedPlace = { page: this.pages++, since: this.since };
    this.since = page.last_seq;
    this.takeRows(page.results, from);
  }

  private takeRows(results: readonly ChangesRow[], from: FeedPlace): void {
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
      const doc = row.deleted ? 'deleted' : ((row.doc as FedDoc | undefined) ?? null);
      this.ledger.see(row.id, rev, doc, from);
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
    const ledger = this.ledger;
    while (ledger.writesWaiting || (ledger.fetchesWaiting && reachable)) {
      await this.exclusive(async () => {
        await this.writeQueued(ledger.nextWrites(this.writeBatch));
        // Asked once a drain: a connection gone quiet would hold every later batch to its timeout.
        if (reachable) reachable = await this.writeAgain(ledger.nextFetches(this.writeBatch));
      });
    }
  }

  private async writeQueued(ids: readonly string[]): Promise<void> {
    const docs = this.ledger.startWrites(ids);
    if (!docs.length) return;
    let ok = false;
    try {
      await this.db.bulkDocs(docs, { new_edits: false });
      ok = true;
    } finally {
      this.ledger.endWrites(docs, ok);
    }
  }

  /** False when the server could not be reached: they are still waiting, nothing was written. */
  private async writeAgain(ids: readonly string[]): Promise<boolean> {
    const wanted = this.ledger.startFetches(ids);
    if (!wanted.length) return true;
    let got: Set<string> | null = null;
    try {
      let docs: object[];
      try {
        docs = await this.remote.withHistory(wanted);
      } catch {
        return false;
      }
      await this.db.bulkDocs(docs, { new_edits: false });
      got = new Set(docs.map((d) => (d as FedDoc)._id));
    } finally {
      this.ledger.endFetches(wanted, got);
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
