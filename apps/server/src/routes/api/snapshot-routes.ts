import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOC_TYPES, SNAPSHOT_PAGE_MAX } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import { CouchClient } from '../../db/couch-client.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { wsParams } from '../route-schemas.ts';

const snapshotQuery = z
  .object({
    type: z.enum(DOC_TYPES),
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(SNAPSHOT_PAGE_MAX).default(SNAPSHOT_PAGE_MAX),
  })
  .refine((q) => q.after === undefined || q.after.startsWith(`${q.type}:`), {
    path: ['after'],
    message: 'After must be a document of the type asked for',
  });

/**
 * `GET /api/workspaces/:ws/snapshot?type=issue&after=issue:…`: a page of the workspace's current
 * documents of one type, in id order, for a device's first sync (decision 014). Each page is one
 * key-range read of the database (`_all_docs`), its answer streamed through as it comes, gzipped
 * when the browser accepts it, so the instance neither parses nor holds it. The device reads the
 * database's sequence before the first page and follows the change feed from there: whatever
 * changes while it reads comes again through the feed. Every member may read every document of
 * the workspace, as replication gives them; nothing is written here.
 */
export async function snapshotRoutes(app: FastifyInstance, opts: { store: AppStore }) {
  const { store } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/workspaces/:ws/snapshot',
    {
      config: { workspace: { permission: 'workspace:read' } },
      // The answer is the database's, streamed through as it comes: no response schema.
      schema: { params: wsParams, querystring: snapshotQuery },
    },
    async (request, reply) => {
      const { workspace } = accessOf(request);
      const { type, after, limit } = request.query;
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      const upstream = await store.couch.request(
        'GET',
        CouchClient.dbPath(workspace.dbName, '/_all_docs'),
        {
          query: {
            include_docs: true,
            // The smallest id after the last one the device has.
            startkey: JSON.stringify(after === undefined ? `${type}:` : `${after}\u0000`),
            endkey: JSON.stringify(`${type}:\ufff0`),
            limit,
          },
          signal: abort.signal,
          lasting: true,
        },
      );
      if (!upstream.ok || !upstream.body) {
        await upstream.body?.cancel();
        // The workspace's database is gone (being deleted): so is the workspace, for this reader.
        if (upstream.status === 404) throw new AppError('NOT_FOUND');
        throw new AppError('DB_UNAVAILABLE', {
          detail: `snapshot read answered ${upstream.status}`,
        });
      }
      const body = Readable.fromWeb(upstream.body as WebReadableStream);
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-store');
      if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(body);
      // The fastest level: most of the gain on a slow link, little of the instance's time.
      const gzip = createGzip({ level: 1 });
      // A read cut off upstream ends the answer with an error rather than leaving it open.
      pipeline(body, gzip, () => undefined);
      return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gzip);
    },
  );
}
