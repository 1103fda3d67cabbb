import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problem } from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import type { ApiTokenDoc, ApiTokenStore } from '../tokens/api-token-store.ts';
import { sendProblem } from './errors.ts';
import { noteLogged } from './request-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal API token the request was made with (SPEC §11); null for a session. */
    apiToken: ApiTokenDoc | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The public API: the one place a token is accepted. */
export const isPublicApi = (url: string) => /^\/api\/v1(\/|\?|$)/.test(url);

/** A bearer token, as a script sends it; undefined when the request carries none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * `Authorization: Bearer keel_…` on `/api/v1`: the request acts as the token's person, with
 * their role in each workspace, and its cookie (if any) is ignored. A read-only token is refused
 * any write; each token has its own rate limit, said in `RateLimit-*` headers on every answer.
 * Anywhere else a token is not a way in (a token cannot make tokens): those need a session.
 */
export function registerApiTokenAuth(
  app: FastifyInstance,
  opts: { tokens: ApiTokenStore; limiter: RateLimiter },
) {
  const { tokens, limiter } = opts;
  app.decorateRequest('apiToken', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicApi(request.url)) return;
    const token = bearerToken(request);
    if (token === undefined) return;
    request.session = null;
    const use = await tokens.authenticate(token);
    request.apiToken = use.token;
    request.session = { id: `apitoken:${use.token.id}`, user: use.user };
    const key = use.token.id;
    const allowed = limiter.hit(key);
    reply.header('ratelimit-limit', String(limiter.limit));
    reply.header('ratelimit-remaining', String(limiter.remaining(key)));
    reply.header('ratelimit-reset', String(limiter.retryAfterSeconds(key)));
    if (!allowed) {
      noteLogged(request);
      request.log.info({ tokenId: key }, 'API token rate limit reached');
      reply.header('retry-after', String(limiter.retryAfterSeconds(key)));
      return sendProblem(request, reply, problem('RATE_LIMITED'));
    }
    if (use.token.scope === 'read' && !READS.has(request.method))
      throw new AppError('SCOPE_REQUIRED');
  });
}
