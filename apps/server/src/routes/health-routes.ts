import type { FastifyInstance } from 'fastify';
import type { AppStore } from '../db/app-store.ts';

/** `/healthz`: the process answers. `/readyz`: it can reach its database and the app database exists. */
export async function healthRoutes(app: FastifyInstance, opts: { store: AppStore }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ok = await opts.store.couch.ping();
    const appDb = ok
      ? await opts.store.couch
          .request('GET', `/${opts.store.db}`)
          .then(async (r) => (await r.body?.cancel(), r.ok))
      : false;
    if (ok && appDb) return { status: 'ready' };
    return reply
      .code(503)
      .type('application/problem+json')
      .send({ status: 'unavailable', code: 'DB_UNAVAILABLE' });
  });
}
