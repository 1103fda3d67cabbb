import { typeOfId, type DocType } from '@keel/domain';
import PouchDB from 'pouchdb-browser';

/**
 * The only module that knows PouchDB. Everything else sees plain documents, change callbacks and
 * replication events, so the storage engine can be swapped without touching a screen. Import it
 * with `import()` only: it is the largest dependency and sign-in pages never need it.
 */

export type Seq = number | string;

export interface ReplicaChange {
  id: string;
  deleted: boolean;
  /** The winning revision after the change; null for a deletion. */
  doc: unknown;
  /** Other live revisions of the document: concurrent edits that still need merging. */
  conflicts?: string[];
}

export interface WriteResult {
  id: string;
  ok: boolean;
  rev?: string;
  error?: string;
  reason?: string;
}

export type Direction = 'push' | 'pull';

export interface ReplicationEvents {
  onActive: (direction: Direction) => void;
  /** `error` is set when the direction paused because a request failed (it will retry). */
  onPaused: (direction: Direction, error: ReplicationError | null) => void;
  /** The push replication has sent everything up to this local sequence. */
  onPushed: (seq: Seq) => void;
  /** The server refused one pushed document. */
  onDenied: (denial: Denial) => void;
  onFailed: (error: ReplicationError) => void;
}

export interface Denial {
  id: string;
  reason: string;
  /** Keel's error code, when the server sent one alongside CouchDB's fields. */
  code?: string;
}

export interface LeafVersion {
  rev: string;
  deleted: boolean;
  /** The content, or null for a deletion. */
  doc: object | null;
}

export interface ReplicationError {
  /** HTTP status when the server answered, null when the network did not. */
  status: number | null;
  message: string;
}

export interface Replica {
  readonly name: string;
  /** Every document of these types on the device (ids start with their type). */
  loadTypes: (types: readonly DocType[]) => Promise<unknown[]>;
  watch: (since: Seq, onChanges: (changes: ReplicaChange[]) => void) => () => void;
  bulk: (docs: readonly object[]) => Promise<WriteResult[]>;
  get: (id: string) => Promise<unknown>;
  /** The winning version of a document and its other live versions (conflicts). */
  versions: (id: string) => Promise<{ winner: object; others: object[] } | null>;
  /** The winning revision of a document on the device, deleted or not; null if never seen. */
  current: (id: string) => Promise<LeafVersion | null>;
  updateSeq: () => Promise<Seq>;
  /** Local changes after `since` (what has not been pushed yet), not counting design docs. */
  countChangesSince: (since: Seq) => Promise<number>;
  /** Documents changed on the device after `since`, deletions left out. */
  changedSince: (since: Seq) => Promise<object[]>;
  readLocal: (id: string) => Promise<Record<string, unknown> | null>;
  writeLocal: (id: string, value: Record<string, unknown>) => Promise<void>;
  startSync: (remoteUrl: string, events: ReplicationEvents) => () => void;
  close: () => Promise<void>;
  destroy: () => Promise<void>;
}

type Doc = PouchDB.Core.Document<object>;

// The typings describe a Sync without its two halves; they exist at runtime and carry the
// per-direction pause errors the combined object swallows.
interface SyncHalves {
  push: PouchDB.Replication.Replication<object>;
  pull: PouchDB.Replication.Replication<object>;
  cancel: () => void;
}

const MAX_BACK_OFF_MS = 30_000;

export function openReplica(name: string): Replica {
  const db = new PouchDB<object>(name, { auto_compaction: true });

  return {
    name,
    loadTypes: async (types) => {
      // Ids carry their type (`issue:…`), so each type is one key range of the primary index.
      const ranges = await Promise.all(
        types.map((type) =>
          db.allDocs({ include_docs: true, startkey: `${type}:`, endkey: `${type}:\ufff0` }),
        ),
      );
      return ranges.flatMap((all) =>
        all.rows.flatMap((row) => (row.doc ? [row.doc as unknown] : [])),
      );
    },
    watch: (since, onChanges) => {
      // Conflicts are noticed as documents arrive, never by scanning the replica at open.
      const feed = db.changes({ live: true, since, include_docs: true, conflicts: true });
      feed.on('change', (change) => {
        const { _conflicts: conflicts = [], ...doc } = (change.doc ?? {}) as {
          _conflicts?: string[];
        };
        onChanges([
          {
            id: change.id,
            deleted: change.deleted === true,
            doc: change.deleted || !change.doc ? null : doc,
            conflicts: change.deleted ? [] : conflicts,
          },
        ]);
      });
      return () => feed.cancel();
    },
    bulk: async (docs) => {
      const results = await db.bulkDocs(docs as Doc[]);
      return results.map((r) =>
        'ok' in r && r.ok
          ? { id: r.id, ok: true, rev: r.rev }
          : {
              id: r.id ?? '',
              ok: false,
              error: (r as PouchDB.Core.Error).name ?? 'error',
              reason: (r as PouchDB.Core.Error).message ?? '',
            },
      );
    },
    get: async (id) => db.get(id).catch(() => null),
    versions: async (id) => {
      const winner = await db.get<object>(id, { conflicts: true }).catch(() => null);
      if (!winner) return null;
      const { _conflicts: revs = [], ...rest } = winner as typeof winner & {
        _conflicts?: string[];
      };
      const others = await Promise.all(
        revs.map((rev) => db.get<object>(id, { rev }).catch(() => null)),
      );
      return { winner: rest, others: others.filter((o): o is NonNullable<typeof o> => o !== null) };
    },
    current: async (id) => {
      // `allDocs` by key reports a deleted document's revision too, which `get` does not.
      const { rows } = await db.allDocs({ keys: [id], include_docs: true });
      const row = rows[0];
      if (!row || 'error' in row) return null;
      const deleted = row.value.deleted === true;
      return { rev: row.value.rev, deleted, doc: deleted ? null : (row.doc ?? null) };
    },
    updateSeq: async () => (await db.info()).update_seq,
    countChangesSince: async (since) => {
      const result = await db.changes({ since, return_docs: true });
      // An activity record travels with the change it describes; count what the person changed.
      return result.results.filter((c) => {
        const type = typeOfId(c.id);
        return type !== null && type !== 'activity';
      }).length;
    },
    changedSince: async (since) => {
      const result = await db.changes({ since, include_docs: true, return_docs: true });
      return result.results.flatMap((c) =>
        c.deleted || !c.doc || typeOfId(c.id) === null ? [] : [c.doc as object],
      );
    },
    readLocal: async (id) => {
      const doc = await db.get<Record<string, unknown>>(`_local/${id}`).catch(() => null);
      return doc;
    },
    writeLocal: async (id, value) => {
      const _id = `_local/${id}`;
      const existing = await db.get(_id).catch(() => null);
      await db.put({ ...value, _id, ...(existing ? { _rev: existing._rev } : {}) });
    },
    startSync: (remoteUrl, events) => startSync(db, remoteUrl, events),
    close: () => db.close(),
    destroy: () => db.destroy().then(() => undefined),
  };
}

/** Remove a device replica by name without it having been opened in this page. */
export async function destroyReplica(name: string): Promise<void> {
  await new PouchDB(name).destroy();
}

function readError(err: unknown): ReplicationError {
  const e = (err ?? {}) as { status?: unknown; message?: unknown; reason?: unknown };
  const status = typeof e.status === 'number' && e.status >= 400 ? e.status : null;
  const message = String(e.reason ?? e.message ?? 'Replication failed');
  return { status, message };
}

function startSync(db: PouchDB.Database<object>, remoteUrl: string, events: ReplicationEvents) {
  const remote = new PouchDB<object>(remoteUrl, {
    skip_setup: true,
    // The session cookie is HttpOnly; the browser attaches it when asked to include credentials.
    fetch: (url, opts) => PouchDB.fetch(url, { ...opts, credentials: 'include' }),
  });
  const sync = db.sync(remote, {
    live: true,
    retry: true,
    // Fewer, larger round trips when a device first receives a big workspace.
    batch_size: 250,
    back_off_function: (delay) => Math.min(MAX_BACK_OFF_MS, delay === 0 ? 1_000 : delay * 2),
  }) as unknown as PouchDB.Replication.Sync<object> & SyncHalves;

  for (const direction of ['push', 'pull'] as const) {
    const half = sync[direction];
    half.on('active', () => events.onActive(direction));
    half.on('paused', (err) => events.onPaused(direction, err ? readError(err) : null));
  }
  sync.push.on('change', (info) => events.onPushed(info.last_seq));
  sync.on('denied', (denial) => {
    const d = denial as {
      direction?: Direction;
      doc?: { id?: unknown; reason?: unknown; code?: unknown };
    };
    if (d.direction !== 'push') return;
    const { id, reason, code } = d.doc ?? {};
    events.onDenied({
      id: String(id ?? ''),
      reason: String(reason ?? ''),
      ...(typeof code === 'string' ? { code } : {}),
    });
  });
  sync.on('error', (err) => events.onFailed(readError(err)));

  return () => {
    sync.cancel();
    void remote.close();
  };
}
