import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// A changes feed that waits for news on purpose: long by design, never slow.
const WAITS_ON_PURPOSE = /^\/db\/[^/]+\/_changes\?(?:.*&)?feed=longpoll(?:&|$)/;

// Requests that already wrote their line (the error handler's, the write limit's).
const logged = new WeakSet<object>();

/** The request wrote a line of its own at `info` or above; the request log adds none. */
export function noteLogged(request: FastifyRequest): void {
  logged.add(request.raw);
}

/**
 * Fastify logs two lines per request at `info` (incoming, completed), and one more when a
 * browser closes a longpoll. Keel logs one line at most, and only for a request that failed or
 * was slow, so at the default level the log says what needs looking at; `debug` shows the rest.
 */
export class RequestLog extends LogController {
  /** `slowMs`: from this many milliseconds a request is logged at `info` as slow. */
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (logged.has(request.raw)) return;
    else if (reply.statusCode >= 500) reply.log.error(fields, 'request failed');
    else if (reply.elapsedTime >= this.slowMs && !WAITS_ON_PURPOSE.test(request.url))
      reply.log.info(fields, 'slow request');
    else reply.log.debug(fields, 'request completed');
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // The browser went away mid-reply (a longpoll given up, a tab closed), or the proxy cut the
    // reply on purpose (AbortError: its member was removed from the workspace). Nothing failed.
    if (
      (error as Error & { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      error.name === 'AbortError'
    )
      reply.log.debug({ res: reply, reason: error.name }, 'reply ended early');
    else super.streamError(error, request, reply);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}
