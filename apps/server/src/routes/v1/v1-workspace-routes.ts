import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceSummarySchema } from '@keel/domain';
import { userIdOf, type AppStore, type WorkspaceRecord } from '../../db/app-store.ts';
import { requireSession } from '../../plugins/session.ts';

/** `/api/v1`: who the caller is, and the workspaces they are a member of. */
export async function v1WorkspaceRoutes(app: FastifyInstance, opts: { store: AppStore }) {
  const { store } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/me',
    {
      schema: {
        response: {
          200: z.object({ id: z.string(), name: z.string(), email: z.string() }),
        },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      return { id: userIdOf(user), name: user.name, email: user.email };
    },
  );

  api.get(
    '/api/v1/workspaces',
    { schema: { response: { 200: z.object({ data: z.array(workspaceSummarySchema) }) } } },
    async (request) => {
      const { user } = requireSession(request);
      const memberships = await store.membershipsOf(userIdOf(user));
      const found = await Promise.all(
        memberships.map(async (m) => ({ m, ws: await store.workspace(m.workspaceId) })),
      );
      return {
        data: found
          .filter((f): f is { m: (typeof f)['m']; ws: WorkspaceRecord } => f.ws !== null)
          .map(({ m, ws }) => ({ id: m.workspaceId, slug: ws.slug, name: ws.name, role: m.role }))
          .sort((a, b) => a.slug.localeCompare(b.slug)),
      };
    },
  );
}
