// Over 300 lines: the one HTTP client to CouchDB (decision 019): pooled and lasting agents,
// streaming, error mapping and metrics in one place so no caller talks to the database another way.
import { Agent, fetch as undiciFetch } from 'undici';
import { AppError } from '../app-error.ts';
import { databaseErrors, databaseRequests } from '../metrics.ts';

/**
 * The one HTTP client Keel's server uses for CouchDB, embedded or hosted alike, so the code path
 * tested on a laptop is the one that runs against a CouchDB cluster or Cloudant.
 *
 * Over 300 lines on purpose: one job (every request to the database, its pools, its failure
 * mapping and resending), and the document helpers below are a few lines each over `request`;
 * split, the rules on how a request fails would be read in one file and applied in another.
 */
export interface CouchOptions {
  url: string;
  user?: string;
  password?: string;
  /**
   * How long after a write every node of the database has it, at most (COUCHDB_SETTLE_MS): a
   * uniqueness claim is read back this long after it was written, to see whether another
   * instance's write to the same document, through another node, won (app-store.ts `keeps`).
   */
  settleMs?: number;
  /**
   * What waiting for writes to settle means, instead of `settleMs`: for the multi-master tests,
   * until both nodes hold the same revisions of `ids` (of the whole database without), which is
   * what the setting stands for, made exact so the tests hold on a busy machine.
   */
  settle?: (db: string, ids?: string[]) => Promise<void>;
  /**
   * Connections to the database for short requests (COUCHDB_CONNECTIONS); more wait their turn.
   * Long ones (`lasting`) have their own: one per followed feed, longpoll or snapshot page.
   */
  connections?: number;
}

/**
 * Short requests at once to the database, per instance, unless COUCHDB_CONNECTIONS says. With one
 * feed per active workspace and one on the app database, an instance then holds at most the
 * active workspaces + 9 connections (issue 22 asks for + 10 at most).
 */
export const DEFAULT_CONNECTIONS = 8;

export interface CouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  /** Other leaf revisions, when read with `conflicts=true`. */
  _conflicts?: string[];
  /** The winning revision's history, when read with `revs=true`. */
  _revisions?: { start: number; ids: string[] };
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
  readonly settleMs: number;
  readonly #settle: CouchOptions['settle'];
  readonly #auth: string | null;
  // Without a bound, a burst of a thousand clients' requests opened a thousand connections
  // (issue 22's first load test: 17,278), each costing the database and this process.
  readonly #short: Agent;
  readonly #lasting = new Agent();

  /**
   * `appDb`: the app database's name, for counting requests by database
   * (keel_database_requests_total); without it every database counts as a workspace's.
   */
  constructor(
    options: CouchOptions,
    private readonly appDb?: string,
  ) {
    this.baseUrl = options.url.replace(/\/$/, '');
    this.settleMs = options.settleMs ?? 0;
    this.#settle = options.settle;
    this.#short = new Agent({ connections: options.connections ?? DEFAULT_CONNECTIONS });
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
      /** A feed, a longpoll or a stream that may hold its connection for long. */
      lasting?: boolean;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.#auth) headers.authorization = this.#auth;
    let body: string | Uint8Array | undefined;
    if (options.body instanceof Uint8Array) {
      // A file's bytes (files/file-store.ts), sent as they are under the caller's content type.
      body = options.body;
      headers['content-type'] ??= 'application/octet-stream';
    } else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    databaseRequests.inc({ database: this.#databaseOf(path) });
    try {
      const dispatcher = options.lasting ? this.#lasting : this.#short;
      // undici's own Response is the platform's in all but name.
      const send = () =>
        undiciFetch(this.url(path, options.query), {
          method,
          headers,
          body,
          signal: options.signal,
          dispatcher,
        }) as unknown as Promise<Response>;
      // A kept-alive connection the database closed while this process was busy (a long
      // synchronous stretch) fails as it is written to, before the database reads a byte: the
      // request was never received, so it is sent again. The pool may hold several such
      // connections, each tried in turn.
      let res: Response | undefined;
      for (let attempt = 1; !res; attempt++) {
        res = await send().catch((err: unknown) => {
          if (options.signal?.aborted || attempt >= STALE_TRIES || !isStaleConnection(err, method))
            throw err;
          return undefined;
        });
      }
      if ([401, 403].includes(res.status) || res.status >= 500)
        databaseErrors.inc({ reason: String(res.status) });
      return res;
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      databaseErrors.inc({ reason: 'unreachable' });
      throw new AppError('DB_UNAVAILABLE', { detail: `CouchDB ${method} ${path} failed`, cause });
    }
  }

  #databaseOf(path: string): 'app' | 'workspace' | 'server' {
    const first = path.split(/[/?]/, 2)[1] ?? '';
    if (first === '' || first.startsWith('_')) return 'server';
    return this.appDb !== undefined && decodeURIComponent(first) === this.appDb
      ? 'app'
      : 'workspace';
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

  /** Close every connection to the database (the server closing). */
  async close(): Promise<void> {
    await Promise.all([this.#short.destroy(), this.#lasting.destroy()]);
  }

  static dbPath(db: string, rest = ''): string {
    return `/${encodeURIComponent(db)}${rest}`;
  }

  /**
   * Until a write answered just now to `db` (to `ids`, or anywhere in it) has reached every copy
   * (settleMs; at once with one node). A range of `_all_docs` is answered from one copy of each
   * shard on a cluster, so a read that must include what was written a moment before (an
   * export, an import's check) waits first.
   */
  settled(db: string, ids?: string[]): Promise<void> {
    const ms = this.settleMs;
    if (ms === 0) return Promise.resolve();
    if (this.#settle) return this.#settle(db, ids);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * A document's winning revision, null when there is none. A GET by id is read at quorum on a
   * cluster, so it sees every write that was answered (unlike a range of `_all_docs`).
   */
  async getDoc<T extends CouchDoc>(
    db: string,
    id: string,
    query?: { conflicts?: boolean; revs?: boolean; r?: number },
  ): Promise<T | null> {
    const res = await this.request('GET', CouchClient.dbPath(db, `/${encodeURIComponent(id)}`), {
      query,
    });
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

  /**
   * Every leaf revision of a document, deleted ones too: the winner and the others that two
   * writes through two nodes of a cluster leave behind. None when there is no document.
   */
  async allLeaves<T extends CouchDoc>(db: string, id: string): Promise<T[]> {
    const res = await this.request('GET', CouchClient.dbPath(db, `/${encodeURIComponent(id)}`), {
      query: { open_revs: 'all' },
    });
    const text = await res.text();
    if (res.status === 404) return [];
    if (!res.ok) throw couchFailure(res.status, `GET ${db}/${id}?open_revs`, text);
    const rows = JSON.parse(text) as { ok?: T }[];
    return rows.flatMap((r) => (r.ok ? [r.ok] : []));
  }

  /** Every leaf revision of a document that is not deleted: the winner and its conflicts. */
  async leaves<T extends CouchDoc>(db: string, id: string): Promise<T[]> {
    return (await this.allLeaves<T>(db, id)).filter((leaf) => !leaf._deleted);
  }

  /**
   * Create or update a document; a stale `_rev` raises CouchConflict. A cluster answering 202
   * (written, but not yet to a quorum of copies) is a success like 201: the write stands, but
   * a reader must not count on seeing it except through a GET by id.
   */
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

  /** Delete one revision of a document; returns the deletion's revision. */
  async deleteDoc(db: string, id: string, rev: string): Promise<string> {
    const res = await this.json<{ rev: string }>(
      'DELETE',
      CouchClient.dbPath(db, `/${encodeURIComponent(id)}`),
      { query: { rev } },
    );
    return res.rev;
  }

  async allDocs<T>(
    db: string,
    options: {
      keys?: string[];
      startkey?: string;
      endkey?: string;
      include_docs?: boolean;
      conflicts?: boolean;
      descending?: boolean;
      limit?: number;
    },
  ): Promise<AllDocsRow<T>[]> {
    const { keys, ...query } = options;
    const q: Query = {
      include_docs: query.include_docs,
      conflicts: query.conflicts,
      descending: query.descending,
    };
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

  /**
   * The documents of `ids` that exist, in that order. `_all_docs` with keys reads each by id (at
   * quorum on a cluster), so unlike a range it sees every write that was answered.
   */
  async docsById<T>(db: string, ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.allDocs<T>(db, { keys: ids, include_docs: true });
    return rows.flatMap((r) => (r.doc ? [r.doc] : []));
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

const STALE_TRIES = 8;

/**
 * Whether `fetch` failed on a connection the other end had already closed. EPIPE (the request
 * could not be written) is safe to send again for any method; a reset after writing could
 * follow a request the database did receive, so only a read is sent again then.
 */
export function isStaleConnection(err: unknown, method: string): boolean {
  const code = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (code === 'EPIPE') return true;
  return (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') && ['GET', 'HEAD'].includes(method);
}
