import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectedGithubSchema, githubConnectionSchema, type GithubConnection } from '@keel/domain';
import type {
  GithubConnectionDoc,
  GithubConnections,
} from '../../integrations/github/github-connection.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { workspaceIdOf } from '../../workspaces/invitations.ts';
import { noContent, wsParams } from '../route-schemas.ts';

const manage = { workspace: { permission: 'webhook:manage' as const } };

/**
 * SPEC §11: connecting GitHub to a workspace, for its owner and admins. Keel shows the webhook
 * to add on GitHub (its URL, and its secret once); GitHub's deliveries arrive at
 * `/hooks/github/:ws` (routes/hooks/github-hook-routes.ts).
 */
export async function githubRoutes(
  app: FastifyInstance,
  opts: { connections: GithubConnections; publicUrl: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const shape = (slug: string, doc: GithubConnectionDoc | null): GithubConnection => ({
    connected: doc !== null,
    url: `${opts.publicUrl}/hooks/github/${slug}`,
    createdAt: doc?.createdAt ?? null,
    lastEventAt: doc?.lastEventAt ?? null,
  });

  api.get(
    '/api/workspaces/:ws/github',
    { config: manage, schema: { params: wsParams, response: { 200: githubConnectionSchema } } },
    async (request) => {
      const { workspace } = accessOf(request);
      return shape(workspace.slug, await opts.connections.get(workspaceIdOf(workspace)));
    },
  );

  api.post(
    '/api/workspaces/:ws/github',
    { config: manage, schema: { params: wsParams, response: { 201: connectedGithubSchema } } },
    async (request, reply) => {
      const { workspace, userId } = accessOf(request);
      const { secret, doc } = await opts.connections.connect(workspaceIdOf(workspace), userId);
      return reply.code(201).send({ secret, connection: shape(workspace.slug, doc) });
    },
  );

  api.delete(
    '/api/workspaces/:ws/github',
    { config: manage, schema: { params: wsParams, response: { 204: noContent } } },
    async (request, reply) => {
      await opts.connections.disconnect(workspaceIdOf(accessOf(request).workspace));
      return reply.code(204).send();
    },
  );
}
