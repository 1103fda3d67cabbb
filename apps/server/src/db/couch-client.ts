import { AppError } from '../app-error.ts';
import { databaseErrors } from '../metrics.ts';

/**
 * The one HTTP client Keel's server uses for CouchDB, embedded or hosted alike, so the code path
 * tested on a laptop is the one that runs against a CouchDB cluster or Cloudant.
 */
export interface CouchOptions {
  url: string;
  user?: string;
  password?: string;
}

export interface CouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  [field: string]: unknown;
}

export class CouchConflict extends Error {}

/**
 * A failed database call as a catalogue error: the database refusing the input is the client's
 * fault (VALIDATION_FAILED / NOT_FOUND); anything else, including our own credentials being
 * refused, means the database is not usable (DB_UNAVAILABLE).
 */
export function couchFailure(status: number, what: string, text: string): AppError {
  const detail = `CouchDB ${what} → ${status}: ${text.slice(0, 200)}`;
  if (status === 400 || status === 412 || status === 415)
    return new AppError('VALIDATION_FAILED', { detail });
  if (status === 404) return new AppError('NOT_FOUND', { detail });
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', { detail });
  return new AppError('DB_UNAVAILABLE', { detail });
}

export interface AllDocsRow<T> {
  id: string;
  key: string;
  value?: { rev: string; deleted?: boolean };
  doc?: T | null;
  error?: string;
}

export interface BulkResult {
  id: string;
  rev?: string;
  ok?: boolean;
  error?: string;
  reason?: string;
}

type Query = Record<string, string | number | boolean | undefined>;

export class CouchClient {
  readonly baseUrl: string;
  readonly #auth: string | null;

  constructor(options: CouchOptions) {
    this.baseUrl = options.url.replace(/\/$/, '');
    this.#auth =
      options.user !== undefined
        ? `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`
        : null;
  }

  url(path: string, query?: Query): string {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  /** A raw request; the database being unreachable becomes DB_UNAVAILABLE. */
  async request(
    method: string,
    path: string,
    options: {
      query?: Query;
      body?: unknown;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.#auth) headers.authorization = this.#auth;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    try {
      const res = await fetch(this.url(path, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
      });
      if ([401, 403].includes(res.status) || res.status >= 500)
        databaseErrors.inc({ reason: String(res.status) });
      return res;
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      databaseErrors.inc({ reason: 'unreachable' });
      throw new AppError('DB_UNAVAILABLE', { detail: `CouchDB ${method} ${path} failed`, cause });
    }
  }

  async json<T>(
    method: string,
    path: string,
    options: Parameters<CouchClient['request']>[2] = {},
  ): Promise<T> {
    const res = await this.request(method, path, options);
    const text = await res.text();
    if (res.status === 409) throw new CouchConflict(`${method} ${path}: conflict`);
    if (!res.ok) throw couchFailure(res.status, `${method} ${path}`, text);
    return JSON.parse(text) as T;
  }

  static dbPath(db: string, rest = ''): string {
    return `/${encodeURIComponent(db)}${rest}`;
  }

  async getDoc<T extends CouchDoc>(db: string, id: string): Promise<T | null> {
    const res = await this.request('GET', CouchClient.dbPath(db, `/${encodeURIComponent(id)}`));
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw couchFailure(res.status, `GET ${db}/${id}`, await res.text());
    return (await res.json()) as T;
  }

  /** One revision of a document, a deletion's body included; null when it is not there. */
  async getRevision<T extends CouchDoc>(db: string, id: string, rev: string): Promise<T | null> {
    const res = await this.request('GET', CouchClient.dbPath(db, `/${encodeURIComponent(id)}`), {
      query: { rev },
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw couchFailure(res.status, `GET ${db}/${id}?rev`, await res.text());
    return (await res.json()) as T;
  }

  /** Create or update a document; a stale `_rev` raises CouchConflict. */
  async putDoc(db: string, doc: CouchDoc): Promise<string> {
    const res = await this.json<{ rev: string }>(
      'PUT',
      CouchClient.dbPath(db, `/${encodeURIComponent(doc._id)}`),
      {
        body: doc,
      },
    );
    return res.rev;
  }

  async deleteDoc(db: string, id: string, rev: string): Promise<void> {
    await this.json('DELETE', CouchClient.dbPath(db, `/${encodeURIComponent(id)}`), {
      query: { rev },
    });
  }

  async allDocs<T>(
    db: string,
    options: {
      keys?: string[];
      startkey?: string;
      endkey?: string;
      include_docs?: boolean;
      limit?: number;
    },
  ): Promise<AllDocsRow<T>[]> {
    const { keys, ...query } = options;
    const q: Query = { include_docs: query.include_docs };
    if (query.limit !== undefined) q.limit = query.limit;
    if (query.startkey !== undefined) q.startkey = JSON.stringify(query.startkey);
    if (query.endkey !== undefined) q.endkey = JSON.stringify(query.endkey);
    const res = keys
      ? await this.json<{ rows: AllDocsRow<T>[] }>('POST', CouchClient.dbPath(db, '/_all_docs'), {
          query: q,
          body: { keys },
        })
      : await this.json<{ rows: AllDocsRow<T>[] }>('GET', CouchClient.dbPath(db, '/_all_docs'), {
          query: q,
        });
    return res.rows;
  }

  /** Documents whose id starts with `prefix`, a page of `pageSize` at a time. */
  async *pagesWithPrefix<T>(db: string, prefix: string, pageSize = 2_000): AsyncGenerator<T[]> {
    let startkey = prefix;
    for (;;) {
      const rows = await this.allDocs<T>(db, {
        startkey,
        endkey: `${prefix}\ufff0`,
        include_docs: true,
        limit: pageSize,
      });
      if (rows.length) yield rows.flatMap((r) => (r.doc ? [r.doc] : []));
      if (rows.length < pageSize) return;
      // The smallest id after the last one read.
      startkey = `${rows.at(-1)!.id}\u0000`;
    }
  }

  /** Documents whose id starts with `prefix`. */
  async docsWithPrefix<T>(db: string, prefix: string): Promise<T[]> {
    const rows = await this.allDocs<T>(db, {
      startkey: prefix,
      endkey: `${prefix}\ufff0`,
      include_docs: true,
    });
    return rows.flatMap((r) => (r.doc ? [r.doc] : []));
  }

  async bulkDocs(db: string, docs: unknown[], newEdits = true): Promise<BulkResult[]> {
    return this.json<BulkResult[]>('POST', CouchClient.dbPath(db, '/_bulk_docs'), {
      body: newEdits ? { docs } : { docs, new_edits: false },
    });
  }

  async createDb(db: string): Promise<void> {
    const res = await this.request('PUT', CouchClient.dbPath(db));
    const text = await res.text();
    if (res.status === 412) return; // already exists
    if (!res.ok)
      throw new AppError('DB_UNAVAILABLE', {
        detail: `Cannot create database ${db}: ${res.status} ${text.slice(0, 200)}`,
      });
  }

  /** Drop a whole database; one already gone is fine (a retried workspace deletion). */
  async deleteDb(db: string): Promise<void> {
    const res = await this.request('DELETE', CouchClient.dbPath(db));
    const text = await res.text();
    if (!res.ok && res.status !== 404) throw couchFailure(res.status, `DELETE ${db}`, text);
  }

  async ping(): Promise<boolean> {
    try {
      const res = await this.request('GET', '/', { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }
}
