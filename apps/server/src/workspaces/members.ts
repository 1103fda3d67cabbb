import {
  canChangeRole,
  canRemoveMember,
  can,
  type InvitableRole,
  type MemberSummary,
  type Role,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore, MembershipDoc, WorkspaceRecord } from '../db/app-store.ts';
import type { WorkspaceAccess } from './access.ts';
import { activeMemberDocs, removeMembership, updateMemberDoc } from './add-member.ts';
import { workspaceIdOf } from './invitations.ts';
import type { LiveRequests } from './live-requests.ts';

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function setRole(
  store: AppStore,
  workspace: WorkspaceRecord,
  userId: string,
  role: Role,
): Promise<void> {
  await store.update<MembershipDoc>(`membership:${userId}:${workspaceIdOf(workspace)}`, (m) =>
    m ? { ...m, role } : null,
  );
  await updateMemberDoc(store, workspace, userId, { role });
}

/** Active members: the app database's memberships (roles) joined with the member documents. */
export async function listMembers(
  store: AppStore,
  workspace: WorkspaceRecord,
): Promise<MemberSummary[]> {
  const active = await activeMemberDocs(store, workspace);
  if (active.length === 0) return [];
  const found = await store.byIds<MembershipDoc>(
    active.map((d) => `membership:${d.userId}:${workspaceIdOf(workspace)}`),
  );
  const memberships = new Map(found.map((m) => [m.userId, m] as const));
  return active.flatMap((d) => {
    const m = memberships.get(d.userId);
    return m
      ? [
          {
            userId: d.userId,
            name: d.name,
            email: d.email,
            avatarUrl: d.avatarUrl,
            role: m.role,
            joinedAt: m.joinedAt,
          },
        ]
      : [];
  });
}

async function targetMembership(
  store: AppStore,
  access: WorkspaceAccess,
  userId: string,
): Promise<MembershipDoc> {
  const target = USER_ID.test(userId)
    ? await store.membership(userId, workspaceIdOf(access.workspace))
    : null;
  if (!target) throw new AppError('NOT_FOUND');
  return target;
}

export async function changeRole(
  store: AppStore,
  access: WorkspaceAccess,
  userId: string,
  role: InvitableRole,
): Promise<MembershipDoc> {
  // The route's workspace scope checked member:manage; which roles may change is decided here.
  const target = await targetMembership(store, access, userId);
  // The owner demoting themselves would leave the workspace without one.
  if (target.role === 'owner' && target.userId === access.userId) throw new AppError('LAST_OWNER');
  if (!canChangeRole(access.role, target.role, role)) throw new AppError('FORBIDDEN');
  if (target.role !== role) await setRole(store, access.workspace, userId, role);
  return { ...target, role };
}

/**
 * Remove a member, or leave when `userId` is the caller. The member document stays, inactive,
 * so names in comments and activity still resolve; the membership goes, which is what every
 * request checks, and this instance's open replication requests of theirs are cut.
 */
export async function removeMember(
  store: AppStore,
  live: LiveRequests,
  access: WorkspaceAccess,
  userId: string,
): Promise<void> {
  const leaving = userId === access.userId;
  if (!leaving && !can(access.role, 'member:manage')) throw new AppError('FORBIDDEN');
  const target = await targetMembership(store, access, userId);
  if (target.role === 'owner') throw new AppError(leaving ? 'LAST_OWNER' : 'FORBIDDEN');
  if (!leaving && !canRemoveMember(access.role, target.role)) throw new AppError('FORBIDDEN');
  await removeMembership(store, live, access.workspace, userId);
}

/** The owner hands the workspace to another member and stays on as an admin. */
export async function transferOwnership(
  store: AppStore,
  access: WorkspaceAccess,
  userId: string,
): Promise<void> {
  // The route's workspace scope checked workspace:transfer.
  if (userId === access.userId)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'userId', message: 'Choose another member as the new owner' }],
    });
  const target = USER_ID.test(userId)
    ? await store.membership(userId, workspaceIdOf(access.workspace))
    : null;
  if (!target)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'userId', message: 'The new owner must be a member of the workspace' }],
    });
  // New owner first: for a moment there are two owners rather than none.
  await setRole(store, access.workspace, userId, 'owner');
  await setRole(store, access.workspace, access.userId, 'admin');
}
