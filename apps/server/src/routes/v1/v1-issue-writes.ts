import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiCreateIssueBody,
  apiIssueSchema,
  apiUpdateIssueBody,
  buildNewIssue,
  editIssue,
  issueDeletion,
  newDocId,
  stampIssueEdits,
  type IssueDoc,
  type IssueEdit,
  type ProjectDoc,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchClient } from '../../db/couch-client.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import { jsonBody, noContent } from '../route-schemas.ts';
import { nextApiNumber } from './api-numbers.ts';
import { idempotent } from './idempotency.ts';
import { apiIssue } from './v1-shapes.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';
import { readByKey, readDocs, readIssue } from './workspace-docs.ts';
import { writeAs } from './write-as.ts';

const wsParams = z.object({ ws: z.string() });
const keyParams = z.object({ ws: z.string(), key: z.string().max(40) });
// A document changed between reading and writing it: read again, this many times at most.
const ATTEMPTS = 3;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { errors: [{ path, message }] });

/**
 * `/api/v1` issue writes (SPEC §11): each built as the app builds it (the domain's builders, an
 * activity per changed field, edit stamps for merges) and saved through the write rules as the
 * caller (write-as.ts), so the API can do exactly what its caller can do in the app.
 */
export async function v1IssueWrites(
  app: FastifyInstance,
  opts: { couch: CouchClient; store: AppStore; issueIndex: IssueIndex },
) {
  const { couch, store, issueIndex } = opts;
  const deps = { couch, store };
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The workspace's projects, and its issues by key: found in the instance's index of them
   * (issue-index.ts), each read by id as the database holds it now.
   */
  const workspaceDocs = async (db: string) => {
    const projects = await readDocs(couch, db, 'project');
    const byKey = async (key: string) =>
      (await readByKey(couch, issueIndex, db, key, projects))?.issue;
    return { projects, byKey };
  };

  /** The edit a body asks for, with its parent's key read as the parent's id. */
  const editOf = async (
    body: z.infer<typeof apiUpdateIssueBody>,
    project: ProjectDoc,
    byKey: (key: string) => Promise<IssueDoc | undefined>,
  ): Promise<IssueEdit> => {
    if (body.stateId !== undefined && !project.states.some((s) => s.id === body.stateId))
      throw invalid('stateId', `Not a state of ${project.key}`);
    let parentId: string | null | undefined;
    if (body.parent === null) parentId = null;
    else if (body.parent !== undefined) {
      const parent = await byKey(body.parent);
      if (!parent) throw invalid('parent', `No issue ${body.parent}`);
      parentId = parent._id;
    }
    const { parent: _parent, ...fields } = body;
    void _parent;
    return { ...fields, ...(parentId !== undefined ? { parentId } : {}) };
  };

  api.post(
    '/api/v1/workspaces/:ws/issues',
    {
      config: { workspace: { permission: 'issue:create' } },
      schema: {
        params: wsParams,
        body: jsonBody(apiCreateIssueBody),
        response: { 201: apiIssueSchema },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const db = access.workspace.dbName;
      const workspaceId = access.workspace._id.slice('workspace:'.length);
      return idempotent(store, request, reply, access.userId, async () => {
        const { body } = request;
        const { projects, byKey } = await workspaceDocs(db);
        const project = projects.find((p) => p.key === body.project.toUpperCase());
        if (!project) throw invalid('project', `No project with key ${body.project}`);
        const { project: _key, title, description, ...rest } = body;
        void _key;
        const edit = await editOf(rest, project, byKey);
        const now = new Date().toISOString();
        const number = await nextApiNumber(store, workspaceId, project._id, access.userId);
        const ctx = {
          project,
          actorId: access.userId,
          now,
          newActivityId: () => newDocId('activity'),
        };
        const built = buildNewIssue({
          ...ctx,
          issueId: newDocId('issue'),
          number,
          title,
          description: description ?? '',
          parentId: edit.parentId ?? null,
          firstSortOrder: (await issueIndex.of(db)).firstSortOrder(project._id),
        });
        const { parentId: _parentId, ...fields } = edit;
        void _parentId;
        const edited = editIssue(built.issue, fields, ctx);
        const issue = stampIssueEdits(edited?.issue ?? built.issue, null, now, access.userId);
        await writeAs(deps, access, [issue, ...built.activities, ...(edited?.activities ?? [])]);
        return { status: 201, body: apiIssue(issue, project) };
      });
    },
  );

  api.patch(
    '/api/v1/workspaces/:ws/issues/:key',
    {
      config: { workspace: { permission: 'issue:edit' } },
      schema: {
        params: keyParams,
        body: jsonBody(apiUpdateIssueBody),
        response: { 200: apiIssueSchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      for (let attempt = 1; ; attempt++) {
        const { projects, byKey } = await workspaceDocs(access.workspace.dbName);
        const issue = await byKey(request.params.key);
        const project = issue && projects.find((p) => p._id === issue.projectId);
        if (!issue || !project) throw new AppError('NOT_FOUND');
        const edit = await editOf(request.body, project, byKey);
        const now = new Date().toISOString();
        const edited = editIssue(issue, edit, {
          project,
          actorId: access.userId,
          now,
          newActivityId: () => newDocId('activity'),
        });
        if (!edited) return apiIssue(issue, project);
        const next = stampIssueEdits(edited.issue, issue, now, access.userId);
        const { conflict } = await writeAs({ couch, store }, access, [next, ...edited.activities]);
        if (!conflict) return apiIssue(next, project);
        if (attempt === ATTEMPTS) throw new AppError('INTERNAL', { detail: 'Kept conflicting' });
      }
    },
  );

  api.delete(
    '/api/v1/workspaces/:ws/issues/:key',
    {
      // Deleting one's own issue at least; the write rules tell own from any.
      config: { workspace: { permission: 'issue:delete:own' } },
      schema: { params: keyParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const access = accessOf(request);
      // Deleted by an earlier attempt whose sub-issue edits conflicted: those are finished.
      let deleted: IssueDoc | null = null;
      for (let attempt = 1; ; attempt++) {
        const db = access.workspace.dbName;
        const { projects, byKey } = await workspaceDocs(db);
        const issue = (await byKey(request.params.key)) ?? null;
        const target = issue ?? deleted;
        if (!target) throw new AppError('NOT_FOUND');
        // Its sub-issues, found in the index and read as they are now, are let go with it.
        const children = await Promise.all(
          (await issueIndex.of(db)).childrenOf(target._id).map((id) => readIssue(couch, db, id)),
        );
        const docs = issueDeletion(
          target,
          children.filter((c) => c !== null),
          {
            projects: new Map(projects.map((p) => [p._id, p])),
            actorId: access.userId,
            now: new Date().toISOString(),
            newActivityId: () => newDocId('activity'),
          },
        );
        const { conflict, revs } = await writeAs(deps, access, issue ? docs : docs.slice(1));
        if (issue && revs.has(issue._id)) deleted = issue;
        if (!conflict) return reply.code(204).send();
        if (attempt === ATTEMPTS) throw new AppError('INTERNAL', { detail: 'Kept conflicting' });
      }
    },
  );
}
