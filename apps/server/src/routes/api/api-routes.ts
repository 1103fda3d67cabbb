import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWorkspaceBody,
  createWorkspaceResponseSchema,
  LIMITS,
  meResponseSchema,
  numberBlockRequestBody,
  numberBlockSchema,
  zodErrors,
  type CreateWorkspaceResponse,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import { userIdOf, type AppStore, type WorkspaceRecord } from '../../db/app-store.ts';
import { requireSession } from '../../plugins/session.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { createWorkspace } from '../../workspaces/create-workspace.ts';
import { jsonBody } from '../route-schemas.ts';

/** SPEC §7 /api routes of the foundation. Bodies and answers are the domain's schemas. */
export async function apiRoutes(app: FastifyInstance, opts: { store: AppStore }) {
  const { store } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const { user } = requireSession(request);
    const memberships = await store.membershipsOf(userIdOf(user));
    const workspaces = await Promise.all(
      memberships.map(async (m) => ({
        m,
        ws: await store.workspace(m.workspaceId),
      })),
    );
    return {
      user: { id: userIdOf(user), email: user.email, name: user.name, avatarUrl: user.avatarUrl },
      workspaces: workspaces
        .filter((w): w is { m: (typeof w)['m']; ws: WorkspaceRecord } => w.ws !== null)
        .map(({ m, ws }) => ({ id: m.workspaceId, slug: ws.slug, name: ws.name, role: m.role }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });

  api.post(
    '/api/workspaces',
    {
      schema: {
        body: jsonBody(createWorkspaceBody),
        response: { 201: createWorkspaceResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const { workspace, project } = await createWorkspace(store, user, request.body);
      const response: CreateWorkspaceResponse = {
        workspace: {
          id: workspace._id.slice('workspace:'.length),
          slug: workspace.slug,
          name: workspace.name,
          role: 'owner',
        },
        project: { id: project._id, key: project.key },
      };
      return reply.code(201).send(response);
    },
  );

  api.post(
    '/api/workspaces/:ws/projects/:projectId/numbers',
    {
      config: { workspace: { permission: 'issue:create' } },
      schema: {
        params: z.object({ ws: z.string(), projectId: z.string() }),
        response: { 200: numberBlockSchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const { projectId } = request.params;
      const project = /^project:[A-Za-z0-9_-]{1,64}$/.test(projectId)
        ? await store.couch.getDoc(access.workspace.dbName, projectId)
        : null;
      if (!project || project.type !== 'project') throw new AppError('NOT_FOUND');
      const workspaceId = access.workspace._id.slice('workspace:'.length);
      // No body at all is an old client's request without an id. Parsed here, not by a body
      // schema: Fastify hands a schema no body and a JSON null alike, and null is refused.
      const parsed = numberBlockRequestBody.safeParse(
        request.body === undefined ? {} : request.body,
      );
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', { errors: zodErrors(parsed.error) });
      const { requestId } = parsed.data;
      // Every block is recorded under its user, even without a request id: the proxy accepts a
      // new issue only with a number from one of its writer's blocks.
      const block = await store.numbers.reserveOnce(
        workspaceId,
        projectId,
        access.userId,
        requestId ?? randomUUID(),
        LIMITS.issueNumbersPerBlock,
      );
      return { projectId, ...block };
    },
  );
}
