import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { problem } from '@keel/domain';
import { bearerToken, isPublicApi } from './api-token-auth.ts';
import { sendProblem } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every response (@fastify/helmet, with Keel's content security policy), and
 * cross-site request refusal: a state-changing request to Keel's own endpoints must come from
 * Keel's own origin. The embedded provider (/idp) is a
 * separate party with its own protections and is called server-to-server, so it is left out.
 */
export async function registerSecurity(
  app: FastifyInstance,
  opts: { publicUrl: string; hsts: boolean },
): Promise<void> {
  const origin = new URL(opts.publicUrl).origin;
  // Helmet's own defaults, with Keel's policy: the app's scripts from itself only, inline
  // styles (React's style attributes), images from anywhere over https (avatars).
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || !/^\/(api|auth|db|files)\//.test(request.url)) return;
    // A script with a token on the public API: no browser sends an Authorization header across
    // sites without a preflight Keel never answers, and with one the cookie is not used at all.
    if (isPublicApi(request.url) && bearerToken(request) !== undefined) return;
    if (request.headers.origin !== origin) {
      return sendProblem(
        request,
        reply,
        problem('FORBIDDEN', { detail: 'Cross-site request refused' }),
      );
    }
  });
}
