import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problem } from '@keel/domain';
import { sendProblem } from './errors.ts';

const API_PREFIX = /^\/(api|auth|db|idp)(\/|$)/;

/**
 * Serves the built browser app. Hashed assets are cached for a year; index.html and the service
 * worker are always revalidated so a deploy reaches every browser. Any other GET that is not an
 * API path gets index.html (history fallback); the client router decides what it shows.
 */
export async function spaPlugin(app: FastifyInstance, opts: { root: string }) {
  const index = path.join(opts.root, 'index.html');
  const hasBuild = fs.existsSync(index);
  if (!hasBuild) app.log.warn({ root: opts.root }, 'web app not built; run `npm run build`');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  if (hasBuild)
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || API_PREFIX.test(request.url) || !hasBuild)
      return sendProblem(request, reply, problem('NOT_FOUND'));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
