import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CouchClient } from '../../db/couch-client.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { wsParams } from '../route-schemas.ts';
import type { WorkspaceFeeds } from '../../workspaces/feed/workspace-feeds.ts';
import { endedByShutdown, type LiveRequests } from '../../workspaces/live-requests.ts';
import { streamChanges } from './change-stream.ts';

const streamQuery = z.object({
  // A database sequence as the device last wrote it: opaque, long on a sharded cluster.
  since: z.string().min(1).max(4_000),
});

/**
 * `GET /api/workspaces/:ws/changes?since=…`: the workspace's changes from `since` on, as one
 * long answer (change-stream.ts). Every member may read every document, as replication gives
 * them; nothing is written here.
 */
export async function changeStreamRoutes(
  app: FastifyInstance,
  opts: {
    couch: CouchClient;
    live: LiveRequests;
    feeds: WorkspaceFeeds;
    /** Bytes a device may leave unread before it is cut off (change-stream.ts). */
    unreadLimit?: number;
  },
) {
  const { couch, live, feeds, unreadLimit } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/workspaces/:ws/changes',
    {
      // From the instance's cached copies: a thousand devices open streams at once (issue 22).
      config: { workspace: { permission: 'workspace:read', cached: true } },
      // One long answer, written as changes come: no response schema.
      schema: { params: wsParams, querystring: streamQuery },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const gone = new AbortController();
      const ending = new AbortController();
      // Removal from the workspace cuts the stream at once; shutting down ends it cleanly.
      const tracked = new AbortController();
      tracked.signal.addEventListener('abort', () =>
        (endedByShutdown(tracked.signal) ? ending : gone).abort(),
      );
      const untrack = live.track(
        access.userId,
        access.membership.workspaceId,
        tracked,
        /* waitsForNews */ true,
      );
      const dbName = access.workspace.dbName;
      const feed = feeds.get(dbName);
      reply.raw.once('close', () => {
        gone.abort();
        untrack();
        feeds.released(dbName);
      });
      await streamChanges({
        feed,
        couch,
        dbName,
        since: request.query.since,
        reply,
        signal: gone.signal,
        ending: ending.signal,
        unreadLimit,
      });
      return reply;
    },
  );
}
