import type { FastifyInstance } from 'fastify';
import { problem } from '@keel/domain';
import { sendProblem } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every response, and cross-site request refusal: a state-changing request
 * to Keel's own endpoints must come from Keel's own origin. The embedded provider (/idp) is a
 * separate party with its own protections and is called server-to-server, so it is left out.
 */
export function registerSecurity(app: FastifyInstance, opts: { publicUrl: string; hsts: boolean }) {
  const origin = new URL(opts.publicUrl).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');

  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (opts.hsts) reply.header('strict-transport-security', 'max-age=31536000');
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || !/^\/(api|auth|db)\//.test(request.url)) return;
    if (request.headers.origin !== origin) {
      return sendProblem(
        request,
        reply,
        problem('FORBIDDEN', { detail: 'Cross-site request refused' }),
      );
    }
  });
}
