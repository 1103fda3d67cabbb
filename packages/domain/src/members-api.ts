import { z } from 'zod';
import { workspaceSummarySchema } from './api.ts';
import { roleSchema, workspaceNameSchema, type Role } from './fields.ts';
import { can } from './permissions.ts';
import { normalizeText } from './text.ts';

/**
 * Members, invitations and workspace settings (SPEC §6, §7): the bodies both ends parse and the
 * rules for who may change whose role, so the settings screen hides exactly what the server
 * refuses.
 */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const;
export const invitableRoleSchema = z.enum(INVITABLE_ROLES, {
  error: 'Role must be admin, member or viewer',
});
export type InvitableRole = z.infer<typeof invitableRoleSchema>;

/** SPEC §5: an invitation's email is empty or a valid address; stored lower-cased. */
export const invitationEmailSchema = z
  .string({ error: 'Email must be text' })
  .transform(normalizeText)
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (value.length > 254 || !z.email().safeParse(value).success)
      ctx.addIssue({ code: 'custom', message: 'Email must be a valid address' });
  })
  .transform((value) => (value === '' ? null : value.toLowerCase()));

export const createInvitationBody = z.strictObject({
  email: invitationEmailSchema.nullish().transform((v) => v ?? null),
  role: invitableRoleSchema,
});
export type CreateInvitationBody = z.input<typeof createInvitationBody>;

export const invitationSummarySchema = z.object({
  id: z.string(),
  role: invitableRoleSchema,
  email: z.string().nullable(),
  invitedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const invitationListSchema = z.object({ invitations: z.array(invitationSummarySchema) });

/** The token is in the link only; the server keeps its hash, so this answer is the one chance. */
export const createInvitationResponseSchema = z.object({
  invitation: invitationSummarySchema,
  token: z.string(),
  link: z.string(),
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;

export const invitationPreviewSchema = z.object({
  workspace: z.object({ slug: z.string(), name: z.string() }),
  invitedBy: z.object({ name: z.string() }),
  role: invitableRoleSchema,
  state: z.literal('pending'),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationResponseSchema = z.object({ workspace: workspaceSummarySchema });

export const memberSummarySchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  joinedAt: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const memberListSchema = z.object({ members: z.array(memberSummarySchema) });

/** Ownership moves only by transfer, so a role change never names `owner`. */
export const changeRoleBody = z.strictObject({ role: invitableRoleSchema });
export const transferOwnershipBody = z.strictObject({
  userId: z.string({ error: 'Choose the new owner' }).min(1, 'Choose the new owner').max(64),
});
export const renameWorkspaceBody = z.strictObject({ name: workspaceNameSchema });
export const deleteWorkspaceBody = z.strictObject({
  confirmSlug: z.string({ error: 'Type the URL key to confirm' }),
});

/**
 * SPEC §6: admins manage members and viewers, only the owner manages admins (promoting to or
 * demoting from admin included), and nobody changes the owner's role except by transfer.
 */
export function canChangeRole(actor: Role, from: Role, to: Role): boolean {
  if (from === 'owner' || to === 'owner') return false;
  if (!can(actor, 'member:manage')) return false;
  if ((from === 'admin' || to === 'admin') && !can(actor, 'admin:manage')) return false;
  return true;
}

/** Removing someone else; leaving (removing oneself) is open to every role but the owner. */
export function canRemoveMember(actor: Role, target: Role): boolean {
  if (target === 'owner') return false;
  if (!can(actor, 'member:manage')) return false;
  return target !== 'admin' || can(actor, 'admin:manage');
}

/** The roles `actor` may hand out in an invitation (SPEC §6: admins may invite admins). */
export function invitableRoles(actor: Role): InvitableRole[] {
  return can(actor, 'invitation:create') ? [...INVITABLE_ROLES] : [];
}
