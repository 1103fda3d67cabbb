import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenListSchema, createApiTokenBody, createdApiTokenSchema } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import { userIdOf } from '../../db/app-store.ts';
import { requireSession } from '../../plugins/session.ts';
import { tokenSummary, type ApiTokenStore } from '../../tokens/api-token-store.ts';
import { jsonBody, noContent } from '../route-schemas.ts';

/**
 * SPEC §11 `/api/tokens`: a person's own API tokens, made, listed and revoked from their
 * session only (a token is not accepted here: a token cannot make tokens).
 */
export async function tokenRoutes(app: FastifyInstance, opts: { tokens: ApiTokenStore }) {
  const { tokens } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/tokens', { schema: { response: { 200: apiTokenListSchema } } }, async (request) => {
    const userId = userIdOf(requireSession(request).user);
    return { tokens: (await tokens.list(userId)).map(tokenSummary) };
  });

  api.post(
    '/api/tokens',
    {
      schema: { body: jsonBody(createApiTokenBody), response: { 201: createdApiTokenSchema } },
    },
    async (request, reply) => {
      const userId = userIdOf(requireSession(request).user);
      const { token, doc } = await tokens.create(userId, request.body);
      return reply.code(201).send({ token, apiToken: tokenSummary(doc) });
    },
  );

  api.delete(
    '/api/tokens/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(requireSession(request).user);
      if (!(await tokens.revoke(userId, request.params.id))) throw new AppError('NOT_FOUND');
      return reply.code(204).send();
    },
  );
}
