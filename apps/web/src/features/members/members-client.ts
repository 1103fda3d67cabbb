import {
  acceptInvitationResponseSchema,
  createInvitationResponseSchema,
  invitationListSchema,
  invitationPreviewSchema,
  memberListSchema,
  memberSummarySchema,
  type CreateInvitationBody,
  type CreateInvitationResponse,
  type InvitableRole,
  type InvitationPreview,
  type InvitationSummary,
  type MemberSummary,
  type WorkspaceSummary,
} from '@keel/domain';
import { call, NO_CONTENT, type Outcome } from '../../shared/lib/api-call.ts';

/** Keel's member and invitation calls (SPEC §7), each answer parsed with the domain's schema. */
const ws = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;

export async function listMembers(slug: string): Promise<Outcome<MemberSummary[]>> {
  const r = await call(`${ws(slug)}/members`, memberListSchema);
  return r.ok ? { ok: true, value: r.value.members } : r;
}

export function changeMemberRole(slug: string, userId: string, role: InvitableRole) {
  return call(`${ws(slug)}/members/${encodeURIComponent(userId)}`, memberSummarySchema, {
    method: 'PATCH',
    body: { role },
  });
}

/** Remove someone, or leave when `userId` is one's own. */
export function removeMember(slug: string, userId: string): Promise<Outcome<undefined>> {
  return call(`${ws(slug)}/members/${encodeURIComponent(userId)}`, NO_CONTENT, {
    method: 'DELETE',
  });
}

export async function transferOwnership(
  slug: string,
  userId: string,
): Promise<Outcome<MemberSummary[]>> {
  const r = await call(`${ws(slug)}/transfer`, memberListSchema, {
    method: 'POST',
    body: { userId },
  });
  return r.ok ? { ok: true, value: r.value.members } : r;
}

export async function listInvitations(slug: string): Promise<Outcome<InvitationSummary[]>> {
  const r = await call(`${ws(slug)}/invitations`, invitationListSchema);
  return r.ok ? { ok: true, value: r.value.invitations } : r;
}

export function createInvitation(
  slug: string,
  body: CreateInvitationBody,
): Promise<Outcome<CreateInvitationResponse>> {
  return call(`${ws(slug)}/invitations`, createInvitationResponseSchema, {
    method: 'POST',
    body,
  });
}

export function revokeInvitation(slug: string, id: string): Promise<Outcome<undefined>> {
  return call(`${ws(slug)}/invitations/${encodeURIComponent(id)}`, NO_CONTENT, {
    method: 'DELETE',
  });
}

export function previewInvitation(token: string): Promise<Outcome<InvitationPreview>> {
  return call(`/api/invitations/${encodeURIComponent(token)}`, invitationPreviewSchema);
}

export async function acceptInvitation(token: string): Promise<Outcome<WorkspaceSummary>> {
  const r = await call(
    `/api/invitations/${encodeURIComponent(token)}/accept`,
    acceptInvitationResponseSchema,
    { method: 'POST' },
  );
  return r.ok ? { ok: true, value: r.value.workspace } : r;
}

export const ROLE_NAMES: Record<MemberSummary['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};
