import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, problem, typeOfId, zodErrors } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchClient } from '../../db/couch-client.ts';
import { workspaceAccess } from '../../workspaces/access.ts';
import { endedByShutdown, type LiveRequests } from '../../workspaces/live-requests.ts';
import type { WorkspaceFeeds } from '../../workspaces/feed/workspace-feeds.ts';
import type { DatabaseInfos } from '../../workspaces/feed/database-infos.ts';
import type {
  CheckpointDoc,
  CheckpointKeeper,
} from '../../workspaces/checkpoints/checkpoint-keeper.ts';
import { validatedBulkDocs } from './bulk-docs.ts';
import { bulkGetFromFeed, revsDiffFromFeed } from './answers-from-feed.ts';
import { fanOutQuery, serveChanges } from './changes-fanout.ts';
import { reservedBlocksOf } from './number-rules.ts';
import { ALLOWED_QUERY, classifyReplicationPath, upstreamPath } from './replication-path.ts';
import { checkpointSchema, isJsonObject, jsonDepthExceeds } from './replication-body.ts';
import { endOnShutdown, noNews } from './longpoll-end.ts';

// Reply headers worth passing on; hop-by-hop ones (connection, keep-alive, transfer-encoding)
// and anything the database says about itself stay behind.
const PASS_HEADERS = ['content-type', 'etag', 'cache-control'];

/** `_bulk_get` may ask only for Keel documents (not `_local/…` or `_design/…`). */
function assertKeelDocIds(body: unknown) {
  const docs = (body as { docs?: unknown } | null)?.docs;
  const ok =
    Array.isArray(docs) &&
    // An empty request hangs express-pouchdb; PouchDB never sends one.
    docs.length > 0 &&
    docs.length <= LIMITS.bulkDocsPerRequest &&
    docs.every(
      (d) =>
        typeof d === 'object' &&
        d !== null &&
        typeof (d as { id?: unknown }).id === 'string' &&
        typeOfId((d as { id: string }).id) !== null,
    );
  if (!ok)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'docs', message: 'Only Keel documents can be read' }],
    });
}

/**
 * A refusal in CouchDB's terms as a catalogue problem: PouchDB reads `status` and `error` (a
 * missing checkpoint is a 404 `not_found`), the browser's code the catalogue's fields.
 */
function sendCouchRefusal(
  reply: FastifyReply,
  requestId: string,
  code: 'NOT_FOUND' | 'VALIDATION_FAILED',
  couchError: { error?: unknown; reason?: unknown },
) {
  return reply
    .code(code === 'NOT_FOUND' ? 404 : 422)
    .type('application/problem+json')
    .send({
      ...problem(code),
      requestId,
      error: typeof couchError.error === 'string' ? couchError.error : 'bad_request',
      reason: typeof couchError.reason === 'string' ? couchError.reason : '',
    });
}

/**
 * `/db/:ws/…`: the CouchDB replication protocol for one workspace database, with the session's
 * user authorised as a member and every written document validated. The browser never talks
 * to the database and never sees its credentials.
 */
export async function dbProxyRoutes(
  app: FastifyInstance,
  opts: {
    store: AppStore;
    /** Where each request's workspace and membership are read (AccessCache). */
    cache: Pick<AppStore, 'workspaceAndMembership'>;
    couch: CouchClient;
    live: LiveRequests;
    feeds: WorkspaceFeeds;
    /** The databases' info, read at most once a second per database. */
    infos: DatabaseInfos;
    /** Replication checkpoints, kept here and written to the database behind. */
    checkpoints: CheckpointKeeper;
  },
) {
  const { store, cache, couch, live, feeds, infos, checkpoints } = opts;

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: LIMITS.requestBodyBytes },
    (_req, body, done) => {
      try {
        if (jsonDepthExceeds(body as string)) throw new Error('too deep');
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(
          new AppError('VALIDATION_FAILED', { errors: [{ path: '', message: 'Malformed JSON' }] }),
          undefined,
        );
      }
    },
  );

  const handle = async (
    request: FastifyRequest<{ Params: { ws: string } }>,
    reply: FastifyReply,
  ) => {
    const access = await workspaceAccess(request, cache, request.params.ws);
    const rawUrl = request.raw.url ?? '';
    const [rawPath = '', rawQuery = ''] = rawUrl.split(/\?(.*)/s, 2);
    const prefix = `/db/${encodeURIComponent(request.params.ws)}`;
    const rest = rawPath.startsWith(prefix) ? rawPath.slice(prefix.length) : null;
    const method = request.method === 'HEAD' ? 'HEAD' : request.method;
    const endpoint = rest === null ? null : classifyReplicationPath(rest, method);
    if (!endpoint)
      throw new AppError('FORBIDDEN', {
        detail: 'Only the replication protocol is available here',
      });

    const sendsBody = ['POST', 'PUT'].includes(request.method);
    if (sendsBody && request.body !== undefined && !isJsonObject(request.body))
      throw new AppError('VALIDATION_FAILED', {
        errors: [{ path: '', message: 'The body must be a JSON object' }],
      });
    if (endpoint.kind === 'local' && request.method === 'PUT') {
      const checkpoint = checkpointSchema.safeParse(request.body);
      if (!checkpoint.success)
        throw new AppError('VALIDATION_FAILED', { errors: zodErrors(checkpoint.error) });
    }

    if (endpoint.kind === 'bulk_docs') {
      const workspaceId = access.workspace._id.slice('workspace:'.length);
      const results = await validatedBulkDocs(
        couch,
        access,
        request.body,
        reservedBlocksOf(store, workspaceId, access.userId),
      );
      return reply.code(201).send(results);
    }

    if (endpoint.kind === 'bulk_get') assertKeelDocIds(request.body);
    const incoming = new URLSearchParams(rawQuery);
    const query: Record<string, string> = {};
    for (const [key, value] of incoming)
      if (ALLOWED_QUERY[endpoint.kind].includes(key)) query[key] = value;
    if (endpoint.kind === 'changes') {
      if (query.feed && !['normal', 'longpoll'].includes(query.feed))
        throw new AppError('FORBIDDEN', { detail: 'Only normal and longpoll feeds' });
      if (query.filter && query.filter !== '_doc_ids')
        throw new AppError('FORBIDDEN', { detail: 'Only the _doc_ids filter' });
    }

    // The reply closing before it finished means the browser went away (a POST's request stream
    // has closed long before), so stop the upstream longpoll too.
    const abort = new AbortController();
    // Removal from the workspace ends this request at once: a reply already streaming (a
    // longpoll's heartbeats) is cut, one not started yet answers 404 like the next one will.
    const removed = new AbortController();
    const longpoll = endpoint.kind === 'changes' && query.feed === 'longpoll';
    let answering = false;
    const untrack = live.track(access.userId, access.membership.workspaceId, removed, longpoll);
    const dbName = access.workspace.dbName;
    let servedFromFeed = false;
    // One listener for all three: a reply streamed by Fastify already carries several.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
      untrack();
      if (servedFromFeed) feeds.released(dbName);
    });
    removed.signal.addEventListener('abort', () => {
      // Shutting down, a longpoll already answering ends itself (endOnShutdown below).
      if (answering && endedByShutdown(removed.signal)) return;
      abort.abort();
      if (reply.raw.headersSent) reply.raw.destroy();
    });

    const fanOut = endpoint.kind === 'changes' ? fanOutQuery(request.method, query) : null;
    if (fanOut) {
      // Answered from this instance's feed of the workspace (changes-fanout.ts), as a stream,
      // so removal cuts the answer off as it did the database's longpoll.
      servedFromFeed = true;
      answering = true;
      await serveChanges({
        feed: feeds.get(dbName),
        couch,
        dbName,
        query: fanOut,
        reply,
        signal: abort.signal,
        ending: removed.signal,
      });
      return reply;
    }
    const fromFeed =
      endpoint.kind === 'bulk_get'
        ? bulkGetFromFeed(feeds.peek(dbName), query, request.body)
        : endpoint.kind === 'revs_diff'
          ? revsDiffFromFeed(feeds.peek(dbName), request.body)
          : endpoint.kind === 'info' && request.method === 'GET'
            ? await infos.get(dbName)
            : null;
    if (fromFeed) {
      untrack();
      return reply.code(200).header('cache-control', 'no-store').send(fromFeed);
    }
    if (endpoint.kind === 'local' && request.method !== 'DELETE') {
      untrack();
      reply.header('cache-control', 'no-store');
      if (request.method === 'PUT')
        return reply
          .code(201)
          .send(checkpoints.put(dbName, endpoint.id, request.body as CheckpointDoc));
      const checkpoint = await checkpoints.get(dbName, endpoint.id, abort.signal);
      if (checkpoint) return reply.code(200).send(checkpoint);
      // A missing checkpoint is PouchDB's first question, answered as CouchDB would.
      return sendCouchRefusal(reply, request.id, 'NOT_FOUND', {
        error: 'not_found',
        reason: 'missing',
      });
    }
    if (endpoint.kind === 'local') checkpoints.forget(dbName, endpoint.id);

    let upstream: Response;
    try {
      upstream = await couch.request(
        request.method,
        upstreamPath(access.workspace.dbName, endpoint),
        {
          query,
          body: ['POST', 'PUT'].includes(request.method) ? (request.body ?? {}) : undefined,
          // Compressed longpoll replies hold back heartbeats until the end; ask for identity.
          headers: { 'accept-encoding': 'identity' },
          signal: abort.signal,
          lasting: longpoll,
        },
      );
    } catch (err) {
      untrack();
      if (endedByShutdown(removed.signal)) return reply.send(noNews(query.since));
      if (removed.signal.aborted) throw new AppError('NOT_FOUND');
      // The browser went away before the database answered (a longpoll given up, a tab
      // closed): nothing failed, and there is nobody to answer. 499 as nginx logs it.
      if (abort.signal.aborted) return reply.code(499).send();
      throw err;
    }
    if (upstream.status >= 500 || upstream.status === 401 || upstream.status === 403) {
      await upstream.body?.cancel();
      // 401/403 is our own credentials refused, not the browser's session. A plain 500 from the
      // database is how it answers malformed replication input (open_revs=garbage); an outage
      // shows as 502/503 or a failed connection.
      throw new AppError(upstream.status === 500 ? 'VALIDATION_FAILED' : 'DB_UNAVAILABLE');
    }
    if (upstream.status >= 400 && upstream.status !== 409) {
      // The database's refusals reach the browser as catalogue problems, keeping CouchDB's
      // `error` and `reason` (PouchDB reads `status` and `error`: a missing checkpoint is a 404).
      const couchError = (await upstream.json().catch(() => ({}))) as {
        error?: unknown;
        reason?: unknown;
      };
      return sendCouchRefusal(
        reply,
        request.id,
        upstream.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
        couchError,
      );
    }
    reply.code(upstream.status);
    for (const name of PASS_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) reply.header(name, value);
    }
    reply.header('cache-control', 'no-store');
    if (!upstream.body || request.method === 'HEAD') {
      await upstream.body?.cancel();
      return reply.send();
    }
    const body = Readable.fromWeb(upstream.body as WebReadableStream);
    answering = true;
    return reply.send(longpoll ? endOnShutdown(body, removed.signal, query.since) : body);
  };

  // PouchDB looks at the server root once per remote; answer like CouchDB, revealing nothing.
  app.get('/db/', async () => ({ couchdb: 'Welcome', vendor: { name: 'Keel' } }));

  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
  app.route({ method: [...methods], url: '/db/:ws', exposeHeadRoute: false, handler: handle });
  app.route({ method: [...methods], url: '/db/:ws/*', exposeHeadRoute: false, handler: handle });
}
