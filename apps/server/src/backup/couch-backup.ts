import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import type { AppStore, WorkspaceRecord } from '../db/app-store.ts';
import { CouchClient, type CouchOptions } from '../db/couch-client.ts';

/**
 * Backups of Keel's databases with couchbackup (@cloudant/couchbackup, the CouchDB and Cloudant
 * maintainers' tool): every document of a database, conflicts included, as a text file of JSON
 * lines, and back into a new, empty database. It reads and writes through CouchDB's HTTP API, so
 * the same code backs up the embedded database and a CouchDB cluster.
 */
interface CouchBackup {
  backup(
    source: string,
    target: Writable,
    options: Record<string, unknown>,
    done: (err: Error | null, result?: { total?: number } | number) => void,
  ): EventEmitter;
  restore(
    source: Readable,
    target: string,
    options: Record<string, unknown>,
    done: (err: Error | null, result?: { total?: number } | number) => void,
  ): EventEmitter;
}

const require = createRequire(import.meta.url);
// CommonJS without types: only the two calls above are used.
const couchbackup = require('@cloudant/couchbackup') as CouchBackup;

const QUIET = { quiet: true };

/** A database's address as couchbackup takes it: credentials in the URL, percent-encoded. */
export function databaseUrl(database: CouchOptions, dbName: string): string {
  const url = new URL(database.url);
  if (database.user !== undefined) {
    url.username = encodeURIComponent(database.user);
    url.password = encodeURIComponent(database.password ?? '');
  }
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(dbName)}`;
  return url.href;
}

const totalOf = (result: { total?: number } | number | undefined) =>
  typeof result === 'number' ? result : (result?.total ?? 0);

/** Write every document of `dbName` to `output`; resolves with how many. */
export function backupDatabase(
  database: CouchOptions,
  dbName: string,
  output: Writable,
): Promise<number> {
  return new Promise((resolve, reject) => {
    couchbackup.backup(databaseUrl(database, dbName), output, QUIET, (err, result) =>
      err ? reject(err) : resolve(totalOf(result)),
    );
  });
}

/**
 * Restore a backup into `dbName`, which must not exist yet (it is created here): restoring over
 * documents would mix two histories. Resolves with how many documents were restored.
 */
export async function restoreDatabase(
  database: CouchOptions,
  input: Readable,
  dbName: string,
): Promise<number> {
  const couch = new CouchClient(database);
  const created = await couch.request('PUT', CouchClient.dbPath(dbName));
  await created.body?.cancel();
  if (created.status === 412)
    throw new Error(`The database ${dbName} exists; restore into a new one.`);
  if (!created.ok) throw new Error(`Cannot create the database ${dbName}: ${created.status}`);
  return new Promise((resolve, reject) => {
    couchbackup.restore(input, databaseUrl(database, dbName), QUIET, (err, result) =>
      err ? reject(err) : resolve(totalOf(result)),
    );
  });
}

/**
 * Bring a workspace back to a backup: restore it into a new database beside the workspace's,
 * then point the workspace at it. The database it used is kept (the operator drops it once
 * satisfied). Keel is stopped meanwhile (docs/deploy.md): when it is back, devices find no
 * replication checkpoint on the new database and sync from the start, getting what the backup
 * holds and sending back what they hold that it lacks.
 */
export async function restoreWorkspace(
  store: AppStore,
  database: CouchOptions,
  slug: string,
  input: Readable,
  now = new Date(),
): Promise<{ dbName: string; previous: string; total: number }> {
  const workspace = await store.workspaceBySlug(slug);
  if (!workspace) throw new Error(`There is no workspace "${slug}".`);
  const previous = workspace.dbName;
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const dbName = `${previous.replace(/_restored_\d+$/, '')}_restored_${stamp}`;
  const total = await restoreDatabase(database, input, dbName);
  const switched = await store.update<WorkspaceRecord>(workspace._id, (current) =>
    current?.dbName === previous && !current.deletingAt ? { ...current, dbName } : null,
  );
  if (switched?.dbName !== dbName)
    throw new Error(
      `The workspace "${slug}" changed during the restore; it still uses ${switched?.dbName ?? 'nothing'} (the backup is in ${dbName}).`,
    );
  return { dbName, previous, total };
}
