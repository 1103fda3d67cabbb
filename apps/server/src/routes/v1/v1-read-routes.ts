import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PAGE_DEFAULT,
  API_PAGE_MAX,
  apiCommentSchema,
  apiCycleSchema,
  apiIssueSchema,
  apiLabelSchema,
  apiList,
  apiMemberSchema,
  apiMilestoneSchema,
  apiPage,
  apiProjectSchema,
  blockSetsOf,
  filterIssues,
  formatIssueKey,
  parseViewQuery,
  SORT_BY,
  sortIssues,
  type IssueDoc,
  type SortBy,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { CouchClient } from '../../db/couch-client.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { afterCursor, encodeCursor } from './issue-cursor.ts';
import {
  apiComment,
  apiCycle,
  apiIssue,
  apiLabel,
  apiMember,
  apiMilestone,
  apiProject,
} from './v1-shapes.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';
import { readByKey, readDocs } from './workspace-docs.ts';

const READ = { workspace: { permission: 'workspace:read' as const } };
const wsParams = z.object({ ws: z.string() });
const keyParams = z.object({ ws: z.string(), key: z.string().max(40) });

/**
 * `/api/v1/workspaces/:ws/…` reads (SPEC §11): every member, every role. Issues list with the
 * same filters as the app's URL (`state`, `priority`, `assignee`, `label`, `project`, `cycle`,
 * `milestone`, `relation`, `q`, `sort`), a page at a time.
 */
export async function v1ReadRoutes(
  app: FastifyInstance,
  opts: { couch: CouchClient; issueIndex: IssueIndex },
) {
  const { couch } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const dbOf = (request: FastifyRequest) => accessOf(request).workspace.dbName;

  api.get(
    '/api/v1/workspaces/:ws/projects',
    { config: READ, schema: { params: wsParams, response: { 200: apiList(apiProjectSchema) } } },
    async (request) => {
      const projects = await readDocs(couch, dbOf(request), 'project');
      return { data: projects.sort((a, b) => a.key.localeCompare(b.key)).map(apiProject) };
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/projects/:key',
    { config: READ, schema: { params: keyParams, response: { 200: apiProjectSchema } } },
    async (request) => {
      const projects = await readDocs(couch, dbOf(request), 'project');
      const project = projects.find((p) => p.key === request.params.key.toUpperCase());
      if (!project) throw new AppError('NOT_FOUND');
      return apiProject(project);
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/issues',
    {
      config: READ,
      schema: {
        params: wsParams,
        querystring: z.looseObject({
          limit: z.coerce
            .number('Limit is a number')
            .int('Limit is a whole number')
            .min(1, 'Limit is at least 1')
            .max(API_PAGE_MAX, `Limit is at most ${API_PAGE_MAX}`)
            .optional(),
          cursor: z.string().max(4_000).optional(),
          sort: z.enum(SORT_BY, `Sort is one of ${SORT_BY.join(', ')}`).optional(),
        }),
        response: { 200: apiPage(apiIssueSchema) },
      },
    },
    async (request) => {
      const db = dbOf(request);
      const query = parseViewQuery(new URL(request.url, 'http://keel').searchParams);
      const sortBy: SortBy = request.query.sort ?? 'created';
      const limit = request.query.limit ?? API_PAGE_DEFAULT;
      const [issues, projects, relations, milestones] = await Promise.all([
        readDocs(couch, db, 'issue'),
        readDocs(couch, db, 'project'),
        query.filter.relations.length ? readDocs(couch, db, 'relation') : [],
        query.filter.milestoneIds.length ? readDocs(couch, db, 'milestone') : null,
      ]);
      const byId = new Map(projects.map((p) => [p._id, p]));
      const keyOf = (issue: IssueDoc) =>
        formatIssueKey(byId.get(issue.projectId)?.key ?? '', issue.number);
      const issueById = new Map(issues.map((i) => [i._id, i]));
      const blocks = blockSetsOf(relations, (id) => issueById.get(id));
      const live = milestones ? new Set(milestones.map((m) => m._id)) : null;
      const kept = filterIssues(issues, query.filter, keyOf, blocks, live);
      const rest = afterCursor(sortIssues(kept, sortBy), sortBy, request.query.cursor);
      const page = rest.slice(0, limit);
      return {
        data: page.map((issue) => apiIssue(issue, byId.get(issue.projectId))),
        nextCursor: rest.length > limit ? encodeCursor(sortBy, page.at(-1)!) : null,
      };
    },
  );

  /** An issue by its key (`ENG-12`), or NOT_FOUND. */
  const issueByKey = async (db: string, key: string) => {
    const found = await readByKey(couch, opts.issueIndex, db, key);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  };

  api.get(
    '/api/v1/workspaces/:ws/issues/:key',
    { config: READ, schema: { params: keyParams, response: { 200: apiIssueSchema } } },
    async (request) => {
      const { issue, project } = await issueByKey(dbOf(request), request.params.key);
      return apiIssue(issue, project);
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/issues/:key/comments',
    { config: READ, schema: { params: keyParams, response: { 200: apiList(apiCommentSchema) } } },
    async (request) => {
      const db = dbOf(request);
      const { issue } = await issueByKey(db, request.params.key);
      const comments = (await readDocs(couch, db, 'comment')).filter(
        (c) => c.issueId === issue._id,
      );
      return {
        data: comments
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
          .map(apiComment),
      };
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/labels',
    { config: READ, schema: { params: wsParams, response: { 200: apiList(apiLabelSchema) } } },
    async (request) => {
      const labels = await readDocs(couch, dbOf(request), 'label');
      return { data: labels.sort((a, b) => a.name.localeCompare(b.name)).map(apiLabel) };
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/members',
    { config: READ, schema: { params: wsParams, response: { 200: apiList(apiMemberSchema) } } },
    async (request) => {
      const members = await readDocs(couch, dbOf(request), 'member');
      return {
        data: members
          .filter((m) => m.active)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(apiMember),
      };
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/cycles',
    { config: READ, schema: { params: wsParams, response: { 200: apiList(apiCycleSchema) } } },
    async (request) => {
      const cycles = await readDocs(couch, dbOf(request), 'cycle');
      return {
        data: cycles
          .sort((a, b) => a.projectId.localeCompare(b.projectId) || a.number - b.number)
          .map(apiCycle),
      };
    },
  );

  api.get(
    '/api/v1/workspaces/:ws/milestones',
    {
      config: READ,
      schema: { params: wsParams, response: { 200: apiList(apiMilestoneSchema) } },
    },
    async (request) => {
      const milestones = await readDocs(couch, dbOf(request), 'milestone');
      return {
        data: milestones
          .sort(
            (a, b) =>
              a.projectId.localeCompare(b.projectId) ||
              (a.sortOrder < b.sortOrder ? -1 : a.sortOrder > b.sortOrder ? 1 : 0),
          )
          .map(apiMilestone),
      };
    },
  );
}
