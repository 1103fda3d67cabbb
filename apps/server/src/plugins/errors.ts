import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, type Problem } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { noteLogged } from './request-log.ts';

/**
 * One error handler turns every failure into problem+json with a catalogue code (SPEC §7–8).
 * Internals of 5xx never reach the client; the request id links the user's report to the log.
 * Under /db the body also carries CouchDB's `error`/`reason`, which PouchDB reads.
 */
const COUCH_ERROR: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'bad_request',
  429: 'too_many_requests',
  500: 'internal_server_error',
  503: 'service_unavailable',
};

export function sendProblem(request: FastifyRequest, reply: FastifyReply, body: Problem) {
  const payload: Problem & { error?: string; reason?: string } = { ...body, requestId: request.id };
  if (request.url.startsWith('/db/')) {
    payload.error = COUCH_ERROR[body.status] ?? 'error';
    payload.reason = body.title;
  }
  return reply.code(body.status).type('application/problem+json').send(payload);
}

function toProblem(error: FastifyError | AppError | Error, requestId: string): Problem {
  if (error instanceof AppError) return error.toProblem();
  const fe = error as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413)
    return problem('PAYLOAD_TOO_LARGE');
  if (fe.validation) {
    return problem('VALIDATION_FAILED', {
      errors: fe.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid',
      })),
    });
  }
  if (fe.statusCode === 400 || fe.statusCode === 415 || error instanceof SyntaxError)
    return problem('VALIDATION_FAILED', {
      detail: 'The request body could not be read',
      errors: [{ path: '', message: 'Malformed request body' }],
    });
  // Static files: a directory or a missing file is simply not there.
  if (fe.statusCode === 404 || fe.statusCode === 403) return problem('NOT_FOUND');
  if (fe.statusCode === 429) return problem('RATE_LIMITED');
  return problem('INTERNAL', { params: { requestId } });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A streamed answer cut before its first byte, its connection closed: by the proxy on
    // purpose (a longpoll of someone just removed) or by the browser. Nothing failed, and
    // nobody is left to answer; counted as 499, as nginx logs a client that went away.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && reply.raw.destroyed) {
      request.log.debug({ reason: error.code }, 'reply ended early');
      return reply.code(499).send();
    }
    const body = toProblem(error, request.id);
    // A workspace out of room for files answers 507 (SPEC §11) but nothing failed: a refusal.
    const failed = body.status >= 500 && body.code !== 'QUOTA_EXCEEDED';
    // One line for a failure (the request log adds none); a refusal is the client's business.
    if (body.status >= 500) noteLogged(request);
    if (body.code === 'DB_UNAVAILABLE')
      request.log.warn({ detail: error.message }, 'database unavailable');
    else if (failed) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: body.code }, 'request refused');
    return sendProblem(request, reply, body);
  });
}
