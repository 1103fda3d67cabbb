import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiCommentBody,
  apiCommentSchema,
  commentDocSchema,
  commentSubscriptionWrites,
  issueDocSchema,
  editComment,
  newComment,
  newDocId,
  tombstoneOf,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchClient, CouchDoc } from '../../db/couch-client.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import type { WorkspaceAccess } from '../../workspaces/access.ts';
import { jsonBody, noContent } from '../route-schemas.ts';
import { idempotent } from './idempotency.ts';
import { apiComment } from './v1-shapes.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';
import { readByKey, readDocs } from './workspace-docs.ts';
import { writeAs } from './write-as.ts';

const keyParams = z.object({ ws: z.string(), key: z.string().max(40) });
const commentParams = z.object({ ws: z.string(), commentId: z.string().max(200) });
const ATTEMPTS = 3;

/**
 * `/api/v1` comment writes (SPEC §11), built as the app builds them (comment-writes.ts) and saved
 * through the write rules as the caller: authors edit their own; authors, owners and admins
 * delete.
 */
export async function v1CommentWrites(
  app: FastifyInstance,
  opts: { couch: CouchClient; store: AppStore; issueIndex: IssueIndex },
) {
  const { couch, store } = opts;
  const deps = { couch, store };
  const api = app.withTypeProvider<ZodTypeProvider>();

  const commentOf = async (access: WorkspaceAccess, id: string) => {
    if (!id.startsWith('comment:')) throw new AppError('NOT_FOUND');
    const stored = await couch.getDoc<CouchDoc>(access.workspace.dbName, id);
    const parsed = commentDocSchema.safeParse(stored);
    if (!parsed.success) throw new AppError('NOT_FOUND');
    return parsed.data;
  };

  api.post(
    '/api/v1/workspaces/:ws/issues/:key/comments',
    {
      config: { workspace: { permission: 'comment:create' } },
      schema: {
        params: keyParams,
        body: jsonBody(apiCommentBody),
        response: { 201: apiCommentSchema },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const db = access.workspace.dbName;
      return idempotent(store, request, reply, access.userId, async () => {
        const issue = (await readByKey(couch, opts.issueIndex, db, request.params.key))?.issue;
        if (!issue) throw new AppError('NOT_FOUND');
        const now = new Date().toISOString();
        const comment = newComment({
          id: newDocId('comment'),
          issueId: issue._id,
          authorId: access.userId,
          body: request.body.body,
          now,
        });
        await writeAs(deps, access, [comment]);
        // As in the app, after the comment and apart from it: its author and the members it
        // mentions follow the issue. A conflict here costs only a subscription, so it is not
        // retried past the few tries a busy issue needs.
        try {
          const members = new Map(
            (await readDocs(couch, db, 'member')).map((m) => [m.userId, m.active]),
          );
          for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
            const read = issueDocSchema.safeParse(await couch.getDoc<CouchDoc>(db, issue._id));
            const current = read.success ? read.data : null;
            const writes =
              current &&
              commentSubscriptionWrites(current, comment, {
                commenting: true,
                isActiveMember: (userId) => members.get(userId) === true,
                now,
                newActivityId: () => newDocId('activity'),
              });
            if (!writes || !(await writeAs(deps, access, writes)).conflict) break;
          }
        } catch (error) {
          // The comment is saved; a subscription that could not be is not worth a failure.
          request.log.warn({ err: error }, 'comment subscriptions not written');
        }
        return { status: 201, body: apiComment(comment) };
      });
    },
  );

  api.patch(
    '/api/v1/workspaces/:ws/comments/:commentId',
    {
      config: { workspace: { permission: 'comment:edit:own' } },
      schema: {
        params: commentParams,
        body: jsonBody(apiCommentBody),
        response: { 200: apiCommentSchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      for (let attempt = 1; ; attempt++) {
        const current = await commentOf(access, request.params.commentId);
        const next = editComment(current, request.body.body, new Date().toISOString());
        if (!next) return apiComment(current);
        if (!(await writeAs(deps, access, [next])).conflict) return apiComment(next);
        if (attempt === ATTEMPTS) throw new AppError('INTERNAL', { detail: 'Kept conflicting' });
      }
    },
  );

  api.delete(
    '/api/v1/workspaces/:ws/comments/:commentId',
    {
      config: { workspace: { permission: 'comment:delete:own' } },
      schema: { params: commentParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const access = accessOf(request);
      for (let attempt = 1; ; attempt++) {
        const current = await commentOf(access, request.params.commentId);
        if (!(await writeAs(deps, access, [tombstoneOf(current)])).conflict)
          return reply.code(204).send();
        if (attempt === ATTEMPTS) throw new AppError('INTERNAL', { detail: 'Kept conflicting' });
      }
    },
  );
}
