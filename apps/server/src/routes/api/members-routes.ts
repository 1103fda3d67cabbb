import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationResponseSchema,
  changeRoleBody,
  createInvitationBody,
  createInvitationResponseSchema,
  deleteWorkspaceBody,
  invitationListSchema,
  invitationPreviewSchema,
  memberListSchema,
  memberSummarySchema,
  renameWorkspaceBody,
  transferOwnershipBody,
  workspaceSummarySchema,
  type CreateInvitationResponse,
} from '@keel/domain';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import { requireSession } from '../../plugins/session.ts';
import { accessOf } from '../../plugins/workspace-scope.ts';
import {
  acceptInvitation,
  createInvitation,
  pendingInvitations,
  previewInvitation,
  revokeInvitation,
  summarise,
  workspaceIdOf,
} from '../../workspaces/invitations.ts';
import type { LiveRequests } from '../../workspaces/live-requests.ts';
import {
  changeRole,
  listMembers,
  removeMember,
  transferOwnership,
} from '../../workspaces/members.ts';
import { deleteWorkspace, renameWorkspace } from '../../workspaces/workspace-settings.ts';
import { jsonBody, noContent, wsParams } from '../route-schemas.ts';

const memberParams = z.object({ ws: z.string(), userId: z.string() });
const invitationParams = z.object({ ws: z.string(), id: z.string() });
const tokenParams = z.object({ token: z.string() });

/**
 * SPEC §7: members, invitations, ownership and workspace settings. Who may do what is SPEC §6,
 * decided by the domain's `can` / `canChangeRole` / `canRemoveMember`. `now` is injectable so
 * tests can reason about invitation expiry without waiting.
 */
export async function membersRoutes(
  app: FastifyInstance,
  opts: { store: AppStore; live: LiveRequests; publicUrl: string; now?: () => Date },
) {
  const { store, live } = opts;
  const now = opts.now ?? (() => new Date());
  const api = app.withTypeProvider<ZodTypeProvider>();

  // ── workspace settings ──────────────────────────────────────────────────────────────────
  api.patch(
    '/api/workspaces/:ws',
    {
      config: { workspace: { permission: 'workspace:rename' } },
      schema: {
        params: wsParams,
        body: jsonBody(renameWorkspaceBody),
        response: { 200: workspaceSummarySchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const { name } = request.body;
      const workspace = await renameWorkspace(store, access, name);
      return { id: workspaceIdOf(workspace), slug: workspace.slug, name, role: access.role };
    },
  );

  api.delete(
    '/api/workspaces/:ws',
    {
      config: { workspace: { permission: 'workspace:delete' } },
      schema: {
        params: wsParams,
        body: jsonBody(deleteWorkspaceBody),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const { confirmSlug } = request.body;
      await deleteWorkspace(store, live, access, confirmSlug);
      return reply.code(204).send();
    },
  );

  // ── members ─────────────────────────────────────────────────────────────────────────────
  api.get(
    '/api/workspaces/:ws/members',
    {
      config: { workspace: { permission: 'workspace:read' } },
      schema: { params: wsParams, response: { 200: memberListSchema } },
    },
    async (request) => {
      const access = accessOf(request);
      return { members: await listMembers(store, access.workspace) };
    },
  );

  api.patch(
    '/api/workspaces/:ws/members/:userId',
    {
      config: { workspace: { permission: 'member:manage' } },
      schema: {
        params: memberParams,
        body: jsonBody(changeRoleBody),
        response: { 200: memberSummarySchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const { role } = request.body;
      await changeRole(store, access, request.params.userId, role);
      const members = await listMembers(store, access.workspace);
      const member = members.find((m) => m.userId === request.params.userId);
      if (!member) throw new AppError('NOT_FOUND');
      return member;
    },
  );

  api.delete(
    '/api/workspaces/:ws/members/:userId',
    {
      // Any member may leave; who may remove whom is the domain's canRemoveMember (members.ts).
      config: { workspace: { permission: 'workspace:read' } },
      schema: { params: memberParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const access = accessOf(request);
      await removeMember(store, live, access, request.params.userId);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/workspaces/:ws/transfer',
    {
      config: { workspace: { permission: 'workspace:transfer' } },
      schema: {
        params: wsParams,
        body: jsonBody(transferOwnershipBody),
        response: { 200: memberListSchema },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const { userId } = request.body;
      await transferOwnership(store, access, userId);
      return { members: await listMembers(store, access.workspace) };
    },
  );

  // ── invitations (workspace side) ────────────────────────────────────────────────────────
  api.get(
    '/api/workspaces/:ws/invitations',
    {
      config: { workspace: { permission: 'invitation:create' } },
      schema: { params: wsParams, response: { 200: invitationListSchema } },
    },
    async (request) => {
      const access = accessOf(request);
      const pending = await pendingInvitations(store, access.workspace, now());
      return { invitations: await summarise(store, pending) };
    },
  );

  api.post(
    '/api/workspaces/:ws/invitations',
    {
      config: { workspace: { permission: 'invitation:create' } },
      schema: {
        params: wsParams,
        body: jsonBody(createInvitationBody),
        response: { 201: createInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const body = request.body;
      const { invitation, token } = await createInvitation(
        store,
        access.workspace,
        access.userId,
        body,
        now(),
      );
      const [summary] = await summarise(store, [invitation]);
      const response: CreateInvitationResponse = {
        invitation: summary!,
        token,
        link: `${opts.publicUrl}/invite/${token}`,
      };
      return reply.code(201).send(response);
    },
  );

  api.delete(
    '/api/workspaces/:ws/invitations/:id',
    {
      config: { workspace: { permission: 'invitation:create' } },
      schema: { params: invitationParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const access = accessOf(request);
      await revokeInvitation(store, access.workspace, request.params.id, now());
      return reply.code(204).send();
    },
  );

  // ── invitations (invitee side) ──────────────────────────────────────────────────────────
  api.get(
    '/api/invitations/:token',
    { schema: { params: tokenParams, response: { 200: invitationPreviewSchema } } },
    async (request) => {
      const { user } = requireSession(request);
      return previewInvitation(store, request.params.token, user, now());
    },
  );

  api.post(
    '/api/invitations/:token/accept',
    { schema: { params: tokenParams, response: { 200: acceptInvitationResponseSchema } } },
    async (request) => {
      const { user } = requireSession(request);
      const { invitation, workspace } = await acceptInvitation(
        store,
        live,
        request.params.token,
        user,
        now(),
      );
      return {
        workspace: {
          id: workspaceIdOf(workspace),
          slug: workspace.slug,
          name: workspace.name,
          role: invitation.role,
        },
      };
    },
  );
}
