import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, problem } from '@keel/domain';
import { userIdOf } from '../db/app-store.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { sendProblem } from './errors.ts';
import { noteLogged } from './request-log.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Replication reads that travel as POST; they write nothing.
const READ_BY_POST = /^\/db\/[^/]+\/(_changes|_revs_diff|_bulk_get)$/;
const BULK_DOCS = /^\/db\/[^/]+\/_bulk_docs$/;
// A replication checkpoint: PouchDB records how far it got after every batch, about nine times
// a second while following a busy workspace. Bookkeeping of the device's own, as cheap as the
// reads around it (which no limit counts either), so it does not use up the user's writes.
const CHECKPOINT = /^\/db\/[^/]+\/_local\//;

/**
 * How many writes a request makes: each document of a `_bulk_docs` (refused ones too — the
 * server did the work), one for any other unsafe `/api` or `/db` call (and for a batch too large
 * to be looked at), none for reads and replication checkpoints (`_local/…`).
 * Documents rather than requests, because one request may carry 1,000 of them.
 */
export function writeWeight(request: FastifyRequest): number {
  if (!UNSAFE.has(request.method)) return 0;
  const path = (request.raw.url ?? '').split('?')[0] ?? '';
  if (path.startsWith('/api/')) return 1;
  if (!path.startsWith('/db/')) return 0;
  if (request.method === 'POST' && READ_BY_POST.test(path)) return 0;
  if (CHECKPOINT.test(path)) return 0;
  if (request.method === 'POST' && BULK_DOCS.test(path)) {
    const docs = (request.body as { docs?: unknown } | null)?.docs;
    // A batch over the per-request limit is refused (413) before any document is looked at.
    return Array.isArray(docs) && docs.length <= LIMITS.bulkDocsPerRequest
      ? Math.max(1, docs.length)
      : 1;
  }
  return 1;
}

/**
 * SPEC §9: writes per user, 600 a minute, for every unsafe `/api` call and every document
 * written through `/db/:ws`. Runs after the body is parsed (to count documents) and before any
 * handler, so a refused request changes nothing. A 429 on `_bulk_docs` fails the whole request,
 * which PouchDB's replicator retries with back-off: the changes stay on the device meanwhile.
 */
export function registerWriteLimit(app: FastifyInstance, limiter: RateLimiter) {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.session) return;
    const weight = writeWeight(request);
    if (weight === 0) return;
    const key = userIdOf(request.session.user);
    if (limiter.hit(key, weight)) return;
    noteLogged(request);
    request.log.info({ userId: key }, 'write limit reached');
    reply.header('retry-after', String(limiter.retryAfterSeconds(key)));
    return sendProblem(request, reply, problem('RATE_LIMITED'));
  });
}
