import type { FastifyRequest } from 'fastify';
import type { Role } from '@keel/domain';
import { AppError } from '../app-error.ts';
import {
  userIdOf,
  type AppStore,
  type MembershipDoc,
  type WorkspaceRecord,
} from '../db/app-store.ts';
import { requireSession } from '../plugins/session.ts';

export interface WorkspaceAccess {
  userId: string;
  workspace: WorkspaceRecord;
  membership: MembershipDoc;
  role: Role;
}

/**
 * The session's user and their membership of the workspace named in the URL. Not a member and
 * no such workspace look the same (NOT_FOUND), so a workspace's existence never leaks.
 */
export async function workspaceAccess(
  request: FastifyRequest,
  store: AppStore,
  slug: string,
): Promise<WorkspaceAccess> {
  const session = requireSession(request);
  const userId = userIdOf(session.user);
  const { workspace, membership } = /^[a-z0-9-]{1,40}$/.test(slug)
    ? await store.workspaceAndMembership(slug, userId)
    : { workspace: null, membership: null };
  if (!workspace || !membership) throw new AppError('NOT_FOUND');
  return { userId, workspace, membership, role: membership.role };
}
