import { createRequire } from 'node:module';
import type { BrowserSession } from './browser-session.ts';

/**
 * pouchdb-node for the cross tests, which run the browser's sync code against the real server
 * with a LevelDB PouchDB standing in for the browser's IndexedDB one (same PouchDB core, same
 * replication code). Each test types only what it uses of a database: pouchdb-node's own types
 * drag in DOM globals that clash with Node's.
 */
export interface Replication<Result = unknown> extends Promise<Result> {
  on(event: 'denied', listener: (denied: unknown) => void): Replication<Result>;
}

export interface PouchStatic<Db> {
  new (name: string, options?: Record<string, unknown>): Db;
  fetch(url: string | Request, opts?: RequestInit): Promise<Response>;
}

export function pouchNode<Db>(): PouchStatic<Db> {
  return createRequire(import.meta.url)('pouchdb-node') as PouchStatic<Db>;
}

/** What the browser's cookie jar does for it: the signed-in session on every request. */
export function fetchAs<Db>(PouchDB: PouchStatic<Db>, session: BrowserSession) {
  return (url: string | Request, opts?: RequestInit) => {
    const headers = new Headers(opts?.headers);
    headers.set('cookie', session.cookieHeader());
    headers.set('origin', session.origin);
    return PouchDB.fetch(url, { ...opts, headers });
  };
}
