import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestDuration } from '../metrics.ts';

// The replication protocol's endpoints under `/db/:ws/*`, each a route of its own.
const DB_ENDPOINT = /^\/db\/[^/]+\/(_changes|_bulk_docs|_bulk_get|_revs_diff|_local|_all_docs)\b/;
const LONGPOLL = /[?&]feed=longpoll(?:&|$)/;

/**
 * The route a request is counted under: its route's pattern (`/api/workspaces/:ws`), so the
 * number of series stays bounded; the replication proxy's one pattern is split by endpoint, and
 * longpolls, which wait on purpose, are kept apart from the answers that should be quick.
 */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return 'unmatched';
  if (route !== '/db/:ws/*') return route;
  const url = request.raw.url ?? '';
  const endpoint = DB_ENDPOINT.exec(url.split('?')[0] ?? '')?.[1];
  if (!endpoint) return '/db/:ws/:doc';
  if (endpoint === '_changes' && LONGPOLL.test(url)) return '/db/:ws/_changes?feed=longpoll';
  return `/db/:ws/${endpoint}`;
}

/** Every answered request's duration, for `keel_http_request_duration_seconds`. */
export function registerRequestMetrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
