/**
 * First sync of an empty replica from the server's change feed, in large pages with the
 * documents inline, written with `new_edits: false` (the server's revisions, no new ones).
 * Replication would get there too, but one document at a time through `_revs_diff` and
 * `_bulk_get` round trips and revision-tree merges: about ten times slower at 10,000 issues.
 * Afterwards both replication directions are checkpointed at the bootstrap's sequences, so live
 * sync continues from there instead of comparing every document again.
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
  bulkDocs(docs: object[], options: { new_edits: false }): Promise<unknown>;
  put(doc: { _id: string; [field: string]: unknown }): Promise<unknown>;
  get(id: string): Promise<unknown>;
  replicate: {
    from(remote: Remote, options: ReplicateOptions): OneShotReplication;
    to(remote: Remote, options: ReplicateOptions): OneShotReplication;
  };
}
type Db = BootstrapDb;

const PAGE_SIZE = 5_000;
export const BOOTSTRAP_MARK = 'keel-bootstrap';

export interface BootstrapMark {
  /** Server sequence the pull continues from. */
  pull: Seq;
  /** Local sequence after the bootstrap's writes: everything before it came from the server. */
  push: Seq;
  /** Whether replication's own checkpoints have been set at these sequences yet. */
  checkpointed: boolean;
}

interface ChangesPage {
  results: { id: string; deleted?: boolean; doc?: { _id: string; _rev: string } }[];
  last_seq: Seq;
}

type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

async function fetchJson<T>(fetchRemote: RemoteFetch, url: string, init?: RequestInit) {
  const res = await fetchRemote(url, init);
  if (!res.ok) throw Object.assign(new Error(`${res.status} from ${url}`), { status: res.status });
  return (await res.json()) as T;
}

/**
 * Fill an empty replica. Calls `onPage` with each page's documents as soon as they are on the
 * device, so screens fill in while the rest arrives. Returns false when the replica was not
 * empty (nothing done).
 */
export async function bootstrapReplica(
  db: Db,
  remoteUrl: string,
  fetchRemote: RemoteFetch,
  onPage: (docs: readonly object[]) => void,
  pageSize = PAGE_SIZE,
): Promise<boolean> {
  const info = await db.info();
  if (info.update_seq !== 0) return false;

  const page = (since: Seq) =>
    fetchJson<ChangesPage>(
      fetchRemote,
      `${remoteUrl}/_changes?include_docs=true&limit=${pageSize}&since=${encodeURIComponent(String(since))}`,
    );
  const seen = new Set<string>();
  let since: Seq = 0;
  let next: Promise<ChangesPage> | null = page(0);
  while (next) {
    const current: ChangesPage = await next;
    // Ask for the next page while this one is written: the server and the device work at once.
    next = current.results.length === pageSize ? page(current.last_seq) : null;
    // If that request fails while this page is written, its error is thrown when it is awaited
    // on the next turn; until then it must not surface as an unhandled rejection.
    next?.catch(() => undefined);
    since = current.last_seq;
    const fresh: object[] = [];
    const again: { id: string; rev: string }[] = [];
    for (const row of current.results) {
      if (row.deleted || !row.doc) continue;
      if (seen.has(row.id)) again.push({ id: row.id, rev: row.doc._rev });
      else fresh.push(row.doc);
      seen.add(row.id);
    }
    // A document changed while the bootstrap ran is in two pages. Without its revision history,
    // the newer revision would sit beside the older one as a conflict; fetch it with history.
    if (again.length) fresh.push(...(await withHistory(fetchRemote, remoteUrl, again)));
    if (fresh.length) {
      await db.bulkDocs(fresh, { new_edits: false });
      onPage(fresh);
    }
  }
  const mark: BootstrapMark = {
    pull: since,
    push: (await db.info()).update_seq,
    checkpointed: false,
  };
  await db.put({ _id: `_local/${BOOTSTRAP_MARK}`, ...mark });
  return true;
}

async function withHistory(
  fetchRemote: RemoteFetch,
  remoteUrl: string,
  docs: { id: string; rev: string }[],
): Promise<object[]> {
  const body = await fetchJson<{ results: { docs: { ok?: object }[] }[] }>(
    fetchRemote,
    `${remoteUrl}/_bulk_get?revs=true`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ docs }),
    },
  );
  return body.results.flatMap((r) => r.docs.flatMap((d) => (d.ok ? [d.ok] : [])));
}

/**
 * Set replication's checkpoints at the bootstrap's sequences with two one-shot replications
 * (a `since` on the live sync would be re-applied on each of its retries). Tried once: if it
 * fails (offline again already), live sync still works from no checkpoint, it just compares
 * every document once, and must not later be wound back to the bootstrap's sequences.
 */
export async function checkpointBootstrap<Remote>(
  db: BootstrapDb<Remote>,
  remote: Remote,
  onDenied: (denied: unknown) => void,
): Promise<void> {
  const mark = (await db.get(`_local/${BOOTSTRAP_MARK}`).catch(() => null)) as
    (BootstrapMark & { _id: string; _rev: string }) | null;
  if (!mark || mark.checkpointed) return;
  try {
    // Changes made on the device since the bootstrap go up here, so refusals must be reported.
    const push = db.replicate.to(remote, { since: mark.push, batch_size: 1_000 });
    push.on('denied', onDenied);
    await Promise.all([db.replicate.from(remote, { since: mark.pull, batch_size: 1_000 }), push]);
  } finally {
    await db.put({ ...mark, checkpointed: true });
  }
}
