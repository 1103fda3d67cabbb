import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { sha256, type AppStore } from '../../db/app-store.ts';
import type { CouchDoc } from '../../db/couch-client.ts';
import { randomId } from '../../db/random-id.ts';

/**
 * `idem:<userId>:<sha256 of key, method and path>`: a POST with that key, claimed while it runs
 * (`pending`), then what it answered (`done`).
 */
interface IdempotencyDoc extends CouchDoc {
  type: 'idempotency';
  state: 'pending' | 'done';
  requestHash: string;
  status?: number;
  body?: unknown;
  createdAt: string;
  /** Random: two claims of one key at one instant must differ to tell a winner (AppStore.create). */
  claim: string;
}

// As Stripe: a key is remembered for a day.
const KEPT_MS = 24 * 60 * 60 * 1000;
// A retry that arrives while the first try still runs waits this long for its answer.
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 250;

const refused = (message: string) =>
  new AppError('VALIDATION_FAILED', { errors: [{ path: 'Idempotency-Key', message }] });

/**
 * `Idempotency-Key` on a POST (SPEC §11): the first request with a key claims it (a settled
 * claim, so two instances never both run it) and runs; the same request again gets the first
 * answer back, waiting for it if the first is still running; the key with a different request
 * is refused. A request that fails lets go of its key, so it can be tried again. Without the
 * header, the request simply runs.
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
  if (key.length === 0 || key.length > 255) throw refused('An idempotency key is 1–255 characters');
  const path = request.url.split('?')[0] ?? '';
  const id = `idem:${userId}:${sha256(`${request.method}\n${path}\n${key}`)}`;
  const requestHash = sha256(JSON.stringify(request.body ?? null));

  const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const earlier = await store.get<IdempotencyDoc>(id);
    if (earlier && Date.parse(earlier.createdAt) + KEPT_MS <= Date.now()) {
      await store.remove(id);
      continue;
    }
    if (earlier) {
      if (earlier.requestHash !== requestHash)
        throw refused('This key was used with a different request');
      if (earlier.state === 'done') {
        reply.code(earlier.status ?? 200).header('idempotent-replayed', 'true');
        // Stored from this route's own answer, of this route's shape.
        return earlier.body as T;
      }
      if (Date.now() > waitUntil)
        throw refused('A request with this key is still running; try again in a moment');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    const claimed = await store.create({
      _id: id,
      type: 'idempotency',
      state: 'pending',
      requestHash,
      createdAt: new Date().toISOString(),
      claim: randomId(),
    } satisfies IdempotencyDoc);
    if (claimed) break;
  }

  let answer: { status: number; body: T };
  try {
    answer = await run();
  } catch (error) {
    await store.remove(id).catch(() => undefined);
    throw error;
  }
  await store
    .update<IdempotencyDoc>(id, (current) =>
      current ? { ...current, state: 'done', status: answer.status, body: answer.body } : null,
    )
    .catch(() => undefined);
  reply.code(answer.status);
  return answer.body;
}

/**
 * Remove the records of keys older than a day (they are refused as expired anyway), a page at a
 * time: run now and then on any instance (app.ts), so keys never used again do not pile up in
 * the app database. The number removed.
 */
export async function sweepIdempotencyKeys(store: AppStore, now = Date.now()): Promise<number> {
  let removed = 0;
  for await (const page of store.couch.pagesWithPrefix<IdempotencyDoc>(store.db, 'idem:', 500)) {
    const old = page.filter(
      (doc) => doc.type === 'idempotency' && Date.parse(doc.createdAt) + KEPT_MS <= now,
    );
    if (old.length === 0) continue;
    await store.couch.bulkDocs(
      store.db,
      old.map((doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true })),
    );
    removed += old.length;
  }
  return removed;
}
