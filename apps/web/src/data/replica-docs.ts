import type { Denial, LeafVersion, ReplicaChange, Seq, WriteResult } from './replica-types.ts';

/**
 * Reading and writing single documents of the replica, and reading a refusal, written against
 * the little of PouchDB they use, so the module carries no PouchDB types: its server-side test
 * (rejected-resend.cross.test.ts) runs them with pouchdb-node against the real server.
 */

type AllDocsRow =
  | { key: string; error: string }
  | { id: string; value: { rev: string; deleted?: boolean }; doc?: object | null };

interface BulkRow {
  id?: string;
  ok?: boolean;
  rev?: string;
  name?: string;
  message?: string;
}

export interface DocsDb {
  allDocs(options: { keys: string[]; include_docs: true }): Promise<{ rows: AllDocsRow[] }>;
  bulkDocs(docs: object[]): Promise<BulkRow[]>;
}

/** The winning revision of a document on the device, deleted or not; null if never seen. */
export async function currentVersion(db: DocsDb, id: string): Promise<LeafVersion | null> {
  // `allDocs` by key reports a deleted document's revision too, which `get` does not.
  const { rows } = await db.allDocs({ keys: [id], include_docs: true });
  const row = rows[0];
  if (!row || 'error' in row) return null;
  const deleted = row.value.deleted === true;
  return { rev: row.value.rev, deleted, doc: deleted ? null : (row.doc ?? null) };
}

/** What `leafVersions` reads of a database. */
export interface VersionsDb {
  get(id: string, options: { conflicts?: boolean; revs?: boolean; rev?: string }): Promise<object>;
}

/**
 * The winning version of a document and its other live versions (conflicts), each with its
 * revision history (`_revisions`), from which a merge finds the version they share.
 */
export async function leafVersions(
  db: VersionsDb,
  id: string,
): Promise<{ winner: object; others: object[] } | null> {
  const winner = await db.get(id, { conflicts: true, revs: true }).catch(() => null);
  if (!winner) return null;
  const { _conflicts: revs = [], ...rest } = winner as { _conflicts?: string[] };
  const others = await Promise.all(
    revs.map((rev) => db.get(id, { rev, revs: true }).catch(() => null)),
  );
  return { winner: rest, others: others.filter((o): o is object => o !== null) };
}

/** Write documents; each gets its own result, as a refusal of one does not stop the others. */
export async function writeDocs(db: DocsDb, docs: readonly object[]): Promise<WriteResult[]> {
  const results = await db.bulkDocs([...docs]);
  return results.map((r) =>
    r.ok
      ? { id: r.id ?? '', ok: true, rev: r.rev }
      : { id: r.id ?? '', ok: false, error: r.name ?? 'error', reason: r.message ?? '' },
  );
}

/** One document the server refused, as replication reports it (CouchDB's row plus Keel's code). */
export function readDenial(doc: unknown): Denial {
  const { id, reason, code } = (doc ?? {}) as { id?: unknown; reason?: unknown; code?: unknown };
  return {
    id: String(id ?? ''),
    reason: String(reason ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** One row of the replica's change feed (read with `include_docs` and `conflicts`). */
export function replicaChange(row: {
  id: string;
  seq: Seq;
  deleted?: boolean;
  doc?: object | null;
}): ReplicaChange {
  const deleted = row.deleted === true;
  const { _conflicts: conflicts = [], ...doc } = (row.doc ?? {}) as { _conflicts?: string[] };
  return {
    id: row.id,
    seq: row.seq,
    deleted,
    doc: deleted || !row.doc ? null : doc,
    conflicts: deleted ? [] : conflicts,
  };
}
