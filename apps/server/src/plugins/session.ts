import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { userIdOf, type AppStore, type SessionDoc, type UserDoc } from '../db/app-store.ts';
import type { AccessCache } from '../workspaces/access-cache.ts';

export const SESSION_COOKIE = 'keel_session';
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** The public API's description and its reference page: public, as GitHub's and Stripe's. */
const PUBLIC_API_PAGES = /^\/api\/v1\/(openapi\.json|reference)(\/|\?|$)/;
/** Requests that follow a workspace: the replication protocol, and the change stream. */
const FOLLOWS_A_WORKSPACE = /^\/(db\/|api\/workspaces\/[^/?]+\/changes(\?|$))/;

export interface SessionInfo {
  id: string;
  user: UserDoc;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

function parseCookie(value: string | undefined): { userId: string; secret: string } | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const userId = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId) || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null;
  return { userId, secret };
}

/**
 * Sessions live in the app database (any instance can read them; they survive restarts and can
 * be revoked). The cookie is HttpOnly and SameSite=Lax; Secure when Keel is served over HTTPS.
 */
export function registerSessions(
  app: FastifyInstance,
  opts: {
    store: AppStore;
    secure: boolean;
    /**
     * Started alongside the session's own reads, with the user id the cookie names (not yet
     * checked): reads the request will need once the session is known, so they cost no round
     * trip of their own. Whatever uses their result must check the session is that user's.
     */
    alongside?: (request: FastifyRequest, userId: string) => void;
    /**
     * Where a replication request (`/db/…`) reads its session and user: this instance's copy,
     * kept in step with the database (AccessCache). Other requests read the database.
     */
    cache?: Pick<AccessCache, 'get'>;
  },
) {
  const { store } = opts;
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    if (!/^\/(api|auth|db|files)\//.test(request.url)) return;
    const parsed = parseCookie(request.cookies[SESSION_COOKIE]);
    if (!parsed) return;
    const docId = store.sessionDocId(parsed.userId, parsed.secret);
    opts.alongside?.(request, parsed.userId);
    // The session's id starts with its user's id, so both are read at once: every proxied
    // replication request passes here, and each read is a round trip to the database.
    // Replication requests and change streams read them from this instance's copies (decision
    // 011: 1,000 devices connecting at once otherwise queue 1,000 reads); a session
    // read from the database counts only when no version of it was deleted (decision 013).
    const cache = opts.cache && FOLLOWS_A_WORKSPACE.test(request.url) ? opts.cache : null;
    const [session, user] = await Promise.all([
      cache ? cache.get<SessionDoc>(docId, (id) => store.session(id)) : store.session(docId),
      cache ? cache.get<UserDoc>(`user:${parsed.userId}`) : store.getUser(parsed.userId),
    ]);
    if (!session || !user || session.userId !== userIdOf(user)) return;
    const now = Date.now();
    if (
      Date.parse(session.expiresAt) < now ||
      Date.parse(session.lastUsedAt) + LIMITS.sessionIdleMs < now
    )
      return;
    request.session = { id: docId, user };
    // Not while signing out: the touch would race the deletion.
    if (
      now - Date.parse(session.lastUsedAt) > TOUCH_EVERY_MS &&
      !request.url.startsWith('/auth/logout')
    ) {
      store.put({ ...session, lastUsedAt: new Date(now).toISOString() }).catch(() => undefined);
    }
  });

  // Before a route validates its input, so a signed-out request hears AUTH_REQUIRED first.
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api/') && !PUBLIC_API_PAGES.test(request.url))
      requireSession(request);
  });
}

export function setSessionCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(LIMITS.sessionMaxMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Every `/api` route needs someone signed in, said before anything else about the request (its
 * body, its workspace): `registerSessions` checks it before routes validate their input.
 */
export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new AppError('AUTH_REQUIRED');
  return request.session;
}
