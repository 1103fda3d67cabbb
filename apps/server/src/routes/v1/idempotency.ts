import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { sha256, type AppStore } from '../../db/app-store.ts';
import type { CouchDoc } from '../../db/couch-client.ts';

/** `idem:<userId>:<sha256 of key, method and path>`: what a POST with that key answered. */
interface IdempotencyDoc extends CouchDoc {
  type: 'idempotency';
  requestHash: string;
  status: number;
  body: unknown;
  createdAt: string;
}

// As Stripe: a key is remembered for a day.
const KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key` on a POST (SPEC §11): the first request with a key runs; the same request
 * again (a retry after a lost answer) gets the first answer back, with nothing done twice; the
 * key with a different request is refused. Without the header, the request simply runs.
 */
export async function idempotent<T>(
  store: AppStore,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const { status, body } = await run();
    reply.code(status);
    return body;
  }
  const key = Array.isArray(header) ? header.join(',') : header;
  if (key.length === 0 || key.length > 255)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'Idempotency-Key', message: 'An idempotency key is 1–255 characters' }],
    });
  const path = request.url.split('?')[0] ?? '';
  const id = `idem:${userId}:${sha256(`${request.method}\n${path}\n${key}`)}`;
  const requestHash = sha256(JSON.stringify(request.body ?? null));
  const earlier = await store.get<IdempotencyDoc>(id);
  if (earlier && Date.parse(earlier.createdAt) + KEPT_MS > Date.now()) {
    if (earlier.requestHash !== requestHash)
      throw new AppError('VALIDATION_FAILED', {
        errors: [
          { path: 'Idempotency-Key', message: 'This key was used with a different request' },
        ],
      });
    reply.code(earlier.status).header('idempotent-replayed', 'true');
    // Stored from this route's own answer, of this route's shape.
    return earlier.body as T;
  }
  const { status, body } = await run();
  if (status < 300)
    await store
      .update<IdempotencyDoc>(id, () => ({
        _id: id,
        type: 'idempotency',
        requestHash,
        status,
        body,
        createdAt: new Date().toISOString(),
      }))
      .catch(() => undefined);
  reply.code(status);
  return body;
}
