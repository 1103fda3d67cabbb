import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, safeReturnTo } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { userIdOf, type AppStore } from '../db/app-store.ts';
import { clearSessionCookie, requireSession, setSessionCookie } from '../plugins/session.ts';
import type { OidcRelyingParty } from './oidc-client.ts';

const LOGIN_COOKIE = 'keel_login';

interface LoginState {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

function signInError(reason: string) {
  return `/signin?${new URLSearchParams({ error: 'AUTH_FAILED', reason })}`;
}

/** SPEC §7 /auth: the OpenID Connect code flow as a confidential client, and signing out. */
export async function authRoutes(
  app: FastifyInstance,
  opts: { rp: OidcRelyingParty; store: AppStore; publicUrl: string; secure: boolean },
) {
  const { rp, store, publicUrl, secure } = opts;
  const redirectUri = `${publicUrl}/auth/callback`;
  // Secure when Keel's public address is HTTPS, or when the request came over HTTPS to a proxy
  // Keel trusts (TRUST_PROXY): only then does `request.protocol` read X-Forwarded-Proto.
  const secureFor = (request: FastifyRequest) => secure || request.protocol === 'https';

  app.get<{ Querystring: { returnTo?: string } }>('/auth/login', async (request, reply) => {
    const returnTo = safeReturnTo(request.query.returnTo);
    let start;
    try {
      start = await rp.authorizationUrl(redirectUri);
    } catch (err) {
      request.log.warn({ err }, 'sign-in provider unavailable');
      return reply.redirect(`/signin?${new URLSearchParams({ error: 'IDP_UNAVAILABLE' })}`, 303);
    }
    const login: LoginState = {
      state: start.state,
      nonce: start.nonce,
      verifier: start.verifier,
      returnTo,
    };
    reply.setCookie(LOGIN_COOKIE, JSON.stringify(login), {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureFor(request),
      signed: true,
      maxAge: 15 * 60,
    });
    return reply.redirect(start.url, 303);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/auth/callback',
    async (request, reply) => {
      const raw = request.cookies[LOGIN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(LOGIN_COOKIE, { path: '/auth' });
      if (!unsigned?.valid || !unsigned.value)
        return reply.redirect(
          signInError('the sign-in took too long or was started elsewhere'),
          303,
        );
      const login = JSON.parse(unsigned.value) as LoginState;
      if (request.query.error)
        return reply.redirect(
          signInError(request.query.error_description ?? request.query.error),
          303,
        );
      try {
        const profile = await rp.complete(new URL(request.url, publicUrl), login);
        if (!profile.email)
          return reply.redirect(signInError('the provider did not share an email address'), 303);
        const user = await store.upsertUser(profile);
        const cookie = await store.createSession(
          userIdOf(user),
          request.headers['user-agent'] ?? '',
          LIMITS.sessionMaxMs,
        );
        setSessionCookie(reply, cookie, secureFor(request));
        return reply.redirect(safeReturnTo(login.returnTo), 303);
      } catch (err) {
        if (err instanceof AppError && err.code === 'DB_UNAVAILABLE') throw err;
        request.log.warn({ err }, 'sign-in failed');
        return reply.redirect(
          signInError(
            err instanceof AppError && err.code === 'IDP_UNAVAILABLE'
              ? 'the sign-in service is unavailable'
              : 'the answer from the sign-in service could not be verified',
          ),
          303,
        );
      }
    },
  );

  app.post('/auth/logout', async (request, reply) => {
    if (request.session) await store.remove(request.session.id);
    clearSessionCookie(reply, secureFor(request));
    return reply.code(200).send({ endSessionUrl: await rp.endSessionUrl(`${publicUrl}/signin`) });
  });

  app.post('/auth/logout-all', async (request, reply) => {
    const session = requireSession(request);
    await store.deleteSessionsOf(userIdOf(session.user));
    clearSessionCookie(reply, secureFor(request));
    return reply.code(200).send({ endSessionUrl: await rp.endSessionUrl(`${publicUrl}/signin`) });
  });
}
