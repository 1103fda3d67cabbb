import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importBody, importResponseSchema, LIMITS } from '@keel/domain';
import { AppError } from '../../app-error.ts';
import { RateLimiter } from '../../rate-limiter.ts';
import type { AppStore } from '../../db/app-store.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { importForeign } from '../../importers/foreign-import.ts';
import { importIssues } from '../../workspaces/issue-import.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';
import { exportCsv, exportFileName, exportJson } from '../../workspaces/workspace-export.ts';
import { jsonBody, wsParams } from '../route-schemas.ts';

const exportQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
});

/**
 * SPEC §7's import and export (`/:ws/settings/data`). Export is reading, which every member may
 * do; import creates issues (and labels), so it takes the roles that may (SPEC §6).
 */
export async function dataRoutes(
  app: FastifyInstance,
  opts: {
    store: AppStore;
    now?: () => Date;
    /** This instance's share of a limit (instanceShare); the whole limit by default. */
    share?: (limit: number) => number;
    issueIndex: IssueIndex;
  },
) {
  const { store } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());
  const share = opts.share ?? ((limit: number) => limit);
  const imports = new RateLimiter(share(LIMITS.importsPerUserPerMinute), 60_000, () =>
    now().getTime(),
  );

  api.get(
    '/api/workspaces/:ws/export',
    {
      config: { workspace: { permission: 'workspace:read' } },
      // The answer is streamed as it is read (a file of any size): no response schema.
      schema: { params: wsParams, querystring: exportQuery },
    },
    async (request, reply) => {
      const { workspace } = accessOf(request);
      const { format } = request.query;
      const at = now();
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(workspace, at, format)}"`,
        );
      if (format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .send(Readable.from(exportCsv(store.couch, workspace)));
      return reply
        .type('application/json; charset=utf-8')
        .send(Readable.from(exportJson(store.couch, workspace, at)));
    },
  );

  api.post(
    '/api/workspaces/:ws/import',
    {
      bodyLimit: LIMITS.requestBodyBytes,
      config: { workspace: { permission: 'issue:create' } },
      schema: {
        params: wsParams,
        body: jsonBody(importBody),
        response: { 200: importResponseSchema },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      // One request may write 20,000 documents: imports have a limit of their own (the write
      // limit counts this request once).
      if (!imports.hit(access.userId)) {
        reply.header('retry-after', String(imports.retryAfterSeconds(access.userId)));
        throw new AppError('RATE_LIMITED');
      }
      const { body } = request;
      const context = { now, requestId: request.id, issueIndex: opts.issueIndex };
      return 'csv' in body
        ? importIssues(store, access, body, context)
        : importForeign(store, access, body, context);
    },
  );
}
