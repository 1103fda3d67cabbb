import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookBody,
  deliveryListSchema,
  deliverySummarySchema,
  updateWebhookBody,
  webhookListSchema,
  webhookSummarySchema,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchClient } from '../../db/couch-client.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import type { DeliveryAttempts } from '../../webhooks/delivery-attempts.ts';
import { startFeedLease } from '../../webhooks/webhook-dispatcher.ts';
import {
  deliverySummary,
  webhookSummary,
  type WebhookStore,
} from '../../webhooks/webhook-store.ts';
import { workspaceIdOf } from '../../workspaces/invitations.ts';
import { jsonBody, noContent } from '../route-schemas.ts';

const hookParams = z.object({ ws: z.string(), id: z.string().max(64) });
const deliveryParams = hookParams.extend({ deliveryId: z.string().max(80) });
const manage = { workspace: { permission: 'webhook:manage' as const } };

/**
 * SPEC §11: a workspace's webhooks, for its owner and admins (sessions only, like every
 * `/api/workspaces` route). The secret is answered once, on creation or when rolled.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  opts: { store: AppStore; couch: CouchClient; webhooks: WebhookStore; attempts: DeliveryAttempts },
) {
  const { webhooks, attempts } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const idOf = (request: Parameters<typeof accessOf>[0]) =>
    workspaceIdOf(accessOf(request).workspace);

  api.get(
    '/api/workspaces/:ws/webhooks',
    {
      config: manage,
      schema: { params: hookParams.pick({ ws: true }), response: { 200: webhookListSchema } },
    },
    async (request) => ({ webhooks: (await webhooks.list(idOf(request))).map(webhookSummary) }),
  );

  api.post(
    '/api/workspaces/:ws/webhooks',
    {
      config: manage,
      schema: {
        params: hookParams.pick({ ws: true }),
        body: jsonBody(createWebhookBody),
        response: { 201: createdWebhookSchema },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const workspaceId = workspaceIdOf(access.workspace);
      // Deliveries start from the workspace's changes as they are now: for its first webhook,
      // or one made after all the others were deleted, not from where those left off.
      const first = (await webhooks.list(workspaceId)).length === 0;
      await startFeedLease(opts.couch, opts.store, workspaceId, access.workspace.dbName, first);
      const { secret, doc } = await webhooks.create(workspaceId, access.userId, request.body);
      return reply.code(201).send({ secret, webhook: webhookSummary(doc) });
    },
  );

  api.get(
    '/api/workspaces/:ws/webhooks/:id',
    { config: manage, schema: { params: hookParams, response: { 200: webhookSummarySchema } } },
    async (request) => webhookSummary(await webhooks.get(idOf(request), request.params.id)),
  );

  api.patch(
    '/api/workspaces/:ws/webhooks/:id',
    {
      config: manage,
      schema: {
        params: hookParams,
        body: jsonBody(updateWebhookBody),
        response: { 200: webhookSummarySchema },
      },
    },
    async (request) =>
      webhookSummary(await webhooks.update(idOf(request), request.params.id, request.body)),
  );

  api.delete(
    '/api/workspaces/:ws/webhooks/:id',
    { config: manage, schema: { params: hookParams, response: { 204: noContent } } },
    async (request, reply) => {
      await webhooks.remove(idOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/workspaces/:ws/webhooks/:id/secret',
    { config: manage, schema: { params: hookParams, response: { 200: createdWebhookSchema } } },
    async (request) => {
      const { secret, doc } = await webhooks.rollSecret(idOf(request), request.params.id);
      return { secret, webhook: webhookSummary(doc) };
    },
  );

  api.get(
    '/api/workspaces/:ws/webhooks/:id/deliveries',
    { config: manage, schema: { params: hookParams, response: { 200: deliveryListSchema } } },
    async (request) => {
      const hook = await webhooks.get(idOf(request), request.params.id);
      return { deliveries: (await webhooks.deliveries(hook.id)).map(deliverySummary) };
    },
  );

  api.post(
    '/api/workspaces/:ws/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: manage,
      schema: { params: deliveryParams, response: { 200: deliverySummarySchema } },
    },
    async (request) => {
      const hook = await webhooks.get(idOf(request), request.params.id);
      const delivery = await webhooks.delivery(hook.id, request.params.deliveryId);
      const after = await attempts.redeliver(delivery._id);
      if (!after) throw new AppError('NOT_FOUND');
      return deliverySummary(after);
    },
  );
}
