import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  changeRoleBody,
  createInvitationBody,
  deleteWorkspaceBody,
  renameWorkspaceBody,
  transferOwnershipBody,
  zodErrors,
  type CreateInvitationResponse,
  type InvitationPreview,
  type WorkspaceSummary,
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

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { errors: zodErrors(parsed.error) });
  return parsed.data;
}

type WsParams = { Params: { ws: string } };

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

  // ── workspace settings ──────────────────────────────────────────────────────────────────
  app.patch<WsParams>(
    '/api/workspaces/:ws',
    { config: { workspace: { permission: 'workspace:rename' } } },
    async (request): Promise<WorkspaceSummary> => {
      const access = accessOf(request);
      const { name } = parse(renameWorkspaceBody, request.body);
      const workspace = await renameWorkspace(store, access, name);
      return { id: workspaceIdOf(workspace), slug: workspace.slug, name, role: access.role };
    },
  );

  app.delete<WsParams>(
    '/api/workspaces/:ws',
    { config: { workspace: { permission: 'workspace:delete' } } },
    async (request, reply) => {
      const access = accessOf(request);
      const { confirmSlug } = parse(deleteWorkspaceBody, request.body);
      await deleteWorkspace(store, live, access, confirmSlug);
      return reply.code(204).send();
    },
  );

  // ── members ─────────────────────────────────────────────────────────────────────────────
  app.get<WsParams>(
    '/api/workspaces/:ws/members',
    { config: { workspace: { permission: 'workspace:read' } } },
    async (request) => {
      const access = accessOf(request);
      return { members: await listMembers(store, access.workspace) };
    },
  );

  app.patch<{ Params: { ws: string; userId: string } }>(
    '/api/workspaces/:ws/members/:userId',
    { config: { workspace: { permission: 'member:manage' } } },
    async (request) => {
      const access = accessOf(request);
      const { role } = parse(changeRoleBody, request.body);
      await changeRole(store, access, request.params.userId, role);
      const members = await listMembers(store, access.workspace);
      const member = members.find((m) => m.userId === request.params.userId);
      if (!member) throw new AppError('NOT_FOUND');
      return member;
    },
  );

  app.delete<{ Params: { ws: string; userId: string } }>(
    '/api/workspaces/:ws/members/:userId',
    // Any member may leave; who may remove whom is the domain's canRemoveMember (members.ts).
    { config: { workspace: { permission: 'workspace:read' } } },
    async (request, reply) => {
      const access = accessOf(request);
      await removeMember(store, live, access, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post<WsParams>(
    '/api/workspaces/:ws/transfer',
    { config: { workspace: { permission: 'workspace:transfer' } } },
    async (request) => {
      const access = accessOf(request);
      const { userId } = parse(transferOwnershipBody, request.body);
      await transferOwnership(store, access, userId);
      return { members: await listMembers(store, access.workspace) };
    },
  );

  // ── invitations (workspace side) ────────────────────────────────────────────────────────
  app.get<WsParams>(
    '/api/workspaces/:ws/invitations',
    { config: { workspace: { permission: 'invitation:create' } } },
    async (request) => {
      const access = accessOf(request);
      const pending = await pendingInvitations(store, access.workspace, now());
      return { invitations: await summarise(store, pending) };
    },
  );

  app.post<WsParams>(
    '/api/workspaces/:ws/invitations',
    { config: { workspace: { permission: 'invitation:create' } } },
    async (request, reply) => {
      const access = accessOf(request);
      const body = parse(createInvitationBody, request.body);
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

  app.delete<{ Params: { ws: string; id: string } }>(
    '/api/workspaces/:ws/invitations/:id',
    { config: { workspace: { permission: 'invitation:create' } } },
    async (request, reply) => {
      const access = accessOf(request);
      await revokeInvitation(store, access.workspace, request.params.id, now());
      return reply.code(204).send();
    },
  );

  // ── invitations (invitee side) ──────────────────────────────────────────────────────────
  app.get<{ Params: { token: string } }>(
    '/api/invitations/:token',
    async (request): Promise<InvitationPreview> => {
      const { user } = requireSession(request);
      return previewInvitation(store, request.params.token, user, now());
    },
  );

  app.post<{ Params: { token: string } }>(
    '/api/invitations/:token/accept',
    async (request): Promise<{ workspace: WorkspaceSummary }> => {
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
