import { isErrorCode, typeOfId } from '@keel/domain';
import PouchDB from 'pouchdb-browser';
import IndexeddbAdapter from 'pouchdb-adapter-indexeddb';
import { WorkerFill } from './replica-bootstrap-in-worker.ts';
import { FILL_ENDED, ReplicaFill } from './replica-bootstrap.ts';
import { checkpointBootstrap, needsFill, type BootstrapDb } from './replica-fill-mark.ts';
import {
  currentVersion,
  leafVersions,
  readDenial,
  replicaChange,
  writeDocs,
  type VersionsDb,
} from './replica-docs.ts';
import { pushAhead, type PushAheadDb } from './replica-push-ahead.ts';
import { deleteSnapshotDb } from './snapshot-db.ts';
import type { Direction, Replica, ReplicationError, ReplicationEvents } from './replica-types.ts';
import { allowOpeningAfterClockWentBack, idbNameOf } from './replica-clock-guard.ts';

export type {
  Seq,
  ReplicaChange,
  WriteResult,
  Direction,
  ReplicationEvents,
  Denial,
  LeafVersion,
  ReplicationError,
  Replica,
  FillHooks,
  FillResult,
} from './replica-types.ts';

/**
 * The only module (with its replica-* helpers) that knows PouchDB. Everything else sees plain documents, change callbacks and
 * replication events, so the storage engine can be swapped without touching a screen. Import it
 * with `import()` only: it is the largest dependency and sign-in pages never need it.
 */

// The typings describe a Sync without its two halves; they exist at runtime and carry the
// per-direction pause errors the combined object swallows.
interface SyncHalves {
  push: PouchDB.Replication.Replication<object>;
  pull: PouchDB.Replication.Replication<object>;
  cancel: () => void;
}

/** PouchDB's event for each failed attempt of a replication that retries (not in its types). */
interface RetryErrors {
  on(event: 'requestError', listener: (error: unknown) => void): unknown;
}

const MAX_BACK_OFF_MS = 30_000;
PouchDB.plugin(IndexeddbAdapter);

/**
 * Closes of replicas under way, by name. PouchDB's adapter keeps one connection per database
 * name for every instance in the page, so a replica opened while another of the same name is
 * closing gets the closing connection, and every read of it fails ("The database connection is
 * closing"): a workspace left and opened again at once, or a removed one's copy read just as its
 * screen closed it.
 */
const closing = new Map<string, Promise<void>>();

/** A replica of this name, once any close of another instance of it has finished. */
export async function openReplicaWhenClosed(name: string): Promise<Replica> {
  await closing.get(name);
  await allowOpeningAfterClockWentBack(name);
  return openReplica(name);
}

export function openReplica(name: string): Replica {
  // The `indexeddb` adapter (one object store per database) writes and reads about 1.5 times
  // faster than PouchDB's default `idb` one: docs/performance.md.
  const db = new PouchDB<object>(name, { auto_compaction: true, adapter: 'indexeddb' });
  const localRevs = new Map<string, string>();
  // While a first fill runs, it is the replica's only writer (replica-bootstrap.ts).
  let filling: { fill: WorkerFill | ReplicaFill; ended: Promise<void> } | null = null;
  /** Through the fill while one runs; a write it refused as ended is made here once it has. */
  const viaFill = async <T>(write: (fill: WorkerFill | ReplicaFill) => Promise<T>) => {
    const current = filling;
    if (!current) return null;
    try {
      return { value: await write(current.fill) };
    } catch (error) {
      if ((error as { name?: unknown }).name !== FILL_ENDED) throw error;
      await current.ended;
      return null;
    }
  };

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
      feed.on('change', (change) => onChanges([replicaChange(change)]));
      return () => feed.cancel();
    },
    changesAfter: async (since, limit) => {
      const result = await db.changes({ since, limit, include_docs: true, conflicts: true });
      return { changes: result.results.map(replicaChange), last: result.last_seq ?? since };
    },
    bulk: async (docs) => (await viaFill((fill) => fill.write(docs)))?.value ?? writeDocs(db, docs),
    get: async (id) => db.get(id).catch(() => null),
    versions: (id) => leafVersions(db as unknown as VersionsDb, id),
    current: (id) => currentVersion(db, id),
    updateSeq: async () => (await db.info()).update_seq,
    countChangesSince: async (since, also = []) => {
      const result = await db.changes({ since, return_docs: true });
      const ids = new Set([...result.results.map((c) => c.id), ...also]);
      // An activity record travels with the change it describes, and a conflict entry with a
      // merge; count what the person changed.
      return [...ids].filter((id) => {
        const type = typeOfId(id);
        return type !== null && type !== 'activity' && type !== 'conflict';
      }).length;
    },
    changesBetween: async (since, until) => {
      const result = await db.changes({ since, include_docs: true });
      const last = Number(until);
      return result.results
        .filter((c) => Number(c.seq) <= last)
        .map((c) => ({
          id: c.id,
          seq: c.seq,
          deleted: c.deleted === true,
          doc: c.deleted ? null : (c.doc ?? null),
        }));
    },
    changedSince: async (since, also = []) => {
      const result = await db.changes({ since, include_docs: true, return_docs: true });
      const changed = result.results.flatMap((c) =>
        c.deleted || !c.doc || typeOfId(c.id) === null ? [] : [c.doc as { _id: string }],
      );
      const seen = new Set(result.results.map((c) => c.id));
      const more = await Promise.all(
        also
          .filter((id) => !seen.has(id) && typeOfId(id) !== null)
          .map((id) => db.get<object>(id).catch(() => null)),
      );
      return [...changed, ...more.filter((doc): doc is NonNullable<typeof doc> => doc !== null)];
    },
    readLocal: async (id) => {
      // Only a record that is not there reads as none: a read that failed (a connection being
      // closed) is not an answer, and a caller deciding what never went up must not take it as one.
      const doc = await db.get<Record<string, unknown>>(`_local/${id}`).catch((error: unknown) => {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      });
      if (doc) localRevs.set(id, doc._rev);
      return doc;
    },
    writeLocal: async (id, value) => {
      if (await viaFill((fill) => fill.writeLocal(id, value))) return;
      const _id = `_local/${id}`;
      // Remembering the revision saves reading a record back before each write.
      const put = async (rev: string | undefined) =>
        db.put({ ...value, _id, ...(rev ? { _rev: rev } : {}) });
      const known = localRevs.get(id) ?? (await db.get(_id).catch(() => null))?._rev;
      const result = await put(known).catch(async (error: unknown) => {
        // Another tab wrote it meanwhile: take its revision and write over it.
        if ((error as { status?: number }).status !== 409) throw error;
        return put((await db.get(_id))._rev);
      });
      localRevs.set(id, result.rev);
    },
    needsFill: () => needsFill(db),
    fill: async (remoteUrl, hooks) => {
      const fill =
        typeof Worker === 'function'
          ? new WorkerFill(name, remoteUrl, hooks)
          : new ReplicaFill(db as unknown as BootstrapDb, remoteUrl, remoteFetch, hooks);
      let settle = () => undefined as void;
      filling = { fill, ended: new Promise<void>((resolve) => (settle = resolve)) };
      try {
        // One fill of a replica at a time: a second tab waits for the first to finish, and then
        // finds nothing left to do. (Two connections writing one replica are safe all the same:
        // the adapter is patched to read its counters inside each write; see patches/.)
        const run = () => fill.run();
        return await (navigator.locks ? navigator.locks.request(`keel.fill.${name}`, run) : run());
      } finally {
        // The fill may have rewritten `_local` records whose revisions this page remembers.
        localRevs.clear();
        filling = null;
        settle();
      }
    },
    pushAhead: (remoteUrl, written) =>
      pushAhead(db as unknown as PushAheadDb, remoteUrl, remoteFetch, written),
    startSync: (remoteUrl, events) => startSync(db, remoteUrl, events),
    close: () => {
      filling?.fill.cancel();
      const closed: Promise<void> = db.close().finally(() => {
        if (closing.get(name) === closed) closing.delete(name);
      });
      closing.set(name, closed);
      return closed;
    },
    destroy: () => Promise.all([db.destroy(), deleteSnapshotDb(name)]).then(() => undefined),
  };
}

/**
 * Remove a device replica by name without it having been opened in this page. Works for every
 * storage format Keel has used: each is one IndexedDB database named with PouchDB's prefix.
 */
export async function destroyReplica(name: string): Promise<void> {
  await deleteSnapshotDb(name);
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(idbNameOf(name));
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`));
    // Another tab holding it open: the deletion completes when that tab lets go.
    request.onblocked = () => resolve();
  });
}

function readError(err: unknown): ReplicationError {
  // PouchDB keeps the fields of the server's error body on the error it raises.
  const e = (err ?? {}) as {
    status?: unknown;
    message?: unknown;
    reason?: unknown;
    code?: unknown;
  };
  const status = typeof e.status === 'number' && e.status >= 400 ? e.status : null;
  const message = String(e.reason ?? e.message ?? 'Replication failed');
  return { status, message, code: status !== null && isErrorCode(e.code) ? e.code : null };
}

// The session cookie is HttpOnly; the browser attaches it when asked to include credentials.
const remoteFetch = (url: string | Request, opts?: RequestInit) =>
  PouchDB.fetch(url, { ...opts, credentials: 'include' });

function startSync(db: PouchDB.Database<object>, remoteUrl: string, events: ReplicationEvents) {
  const remote = new PouchDB<object>(remoteUrl, { skip_setup: true, fetch: remoteFetch });
  let cancel: (() => void) | null = null;
  let cancelled = false;
  // A freshly bootstrapped replica first sets replication's checkpoints at the bootstrap's end.
  void checkpointBootstrap(db, remote, (denied) => events.onDenied(readDenial(denied)))
    .catch(() => undefined)
    .then(() => {
      if (!cancelled) cancel = startLiveSync(db, remote, events);
    });
  return () => {
    cancelled = true;
    cancel?.();
    void remote.close();
  };
}

function startLiveSync(
  db: PouchDB.Database<object>,
  remote: PouchDB.Database<object>,
  events: ReplicationEvents,
) {
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
    // PouchDB says `paused` only for the first failure of a run; the retries after it fail
    // silently but for `requestError`. Without it, a replication cut by the server (a member
    // removed) and refused on every retry since (404) would show "Offline" for good instead
    // of the app learning that access is gone.
    (half as unknown as RetryErrors).on('requestError', (err) =>
      events.onPaused(direction, readError(err)),
    );
  }
  sync.push.on('change', (info) => events.onPushed(info.last_seq));
  sync.on('denied', (denial) => {
    const d = denial as { direction?: Direction; doc?: unknown };
    if (d.direction === 'push') events.onDenied(readDenial(d.doc));
  });
  sync.on('error', (err) => events.onFailed(readError(err)));

  return () => sync.cancel();
}
