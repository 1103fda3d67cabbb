import { memberDocSchema, type MemberDoc, type Role } from '@keel/domain';
import { retryOnConflict } from '../db/retry-on-conflict.ts';
import type { LiveRequests } from './live-requests.ts';
import {
  userIdOf,
  type AppStore,
  type MembershipDoc,
  type UserDoc,
  type WorkspaceRecord,
} from '../db/app-store.ts';

/**
 * Make `user` a member of `workspace` with `role`: the membership in the app database (what the
 * server authorises by) and the member document in the workspace database (what browsers show).
 */
export async function addMember(
  store: AppStore,
  workspace: WorkspaceRecord,
  user: UserDoc,
  role: Role,
): Promise<void> {
  const userId = userIdOf(user);
  const workspaceId = workspace._id.slice('workspace:'.length);
  const now = new Date().toISOString();
  const membership: MembershipDoc = {
    _id: `membership:${userId}:${workspaceId}`,
    type: 'membership',
    workspaceId,
    userId,
    role,
    joinedAt: now,
  };
  await store.indexMembership(userId, workspace);
  await store.update<MembershipDoc>(membership._id, () => membership);
  const member: MemberDoc = memberDocSchema.parse({
    _id: `member:${userId}`,
    type: 'member',
    userId,
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl,
    role,
    active: true,
    createdAt: now,
    updatedAt: now,
  });
  await retryOnConflict(member._id, 10, async () => {
    const existing = await store.couch.getDoc(workspace.dbName, member._id);
    await store.couch.putDoc(workspace.dbName, {
      ...member,
      ...(existing ? { _rev: existing._rev, createdAt: existing.createdAt as string } : {}),
    });
  });
}

/** Change the workspace's `member:<userId>` document, retrying on a concurrent write. */
export async function updateMemberDoc(
  store: AppStore,
  workspace: WorkspaceRecord,
  userId: string,
  change: Partial<Pick<MemberDoc, 'role' | 'active'>>,
): Promise<void> {
  const id = `member:${userId}`;
  await retryOnConflict(id, 10, async () => {
    const current = await store.couch.getDoc<MemberDoc & { _rev: string }>(workspace.dbName, id);
    if (!current) return;
    await store.couch.putDoc(workspace.dbName, {
      ...current,
      ...change,
      updatedAt: new Date().toISOString(),
    });
  });
}

/**
 * End a membership (a removal, leaving, or a join undone): the membership goes (what every
 * request checks), this instance's open replication requests of theirs are cut, and the member
 * document stays, inactive, so names in comments and activity still resolve.
 */
export async function removeMembership(
  store: AppStore,
  live: LiveRequests | null,
  workspace: WorkspaceRecord,
  userId: string,
): Promise<void> {
  const workspaceId = workspace._id.slice('workspace:'.length);
  const id = `membership:${userId}:${workspaceId}`;
  await store.remove(id);
  live?.abort(userId, workspaceId);
  await updateMemberDoc(store, workspace, userId, { active: false });
  // A role change written at that moment through another instance brings it back: out again.
  if (await store.removeIfBack(id)) {
    live?.abort(userId, workspaceId);
    await updateMemberDoc(store, workspace, userId, { active: false });
  }
}

/**
 * The workspace's active member documents, each read by id through the workspace's `members`
 * set, so someone who joined a moment ago (through another instance too) is counted at once.
 */
export async function activeMemberDocs(
  store: AppStore,
  workspace: WorkspaceRecord,
): Promise<MemberDoc[]> {
  const userIds = await store.readIdSet(store.membersSet(workspace));
  const docs = await store.couch.docsById<MemberDoc>(
    workspace.dbName,
    userIds.map((id) => `member:${id}`),
  );
  return docs.filter((d) => d.active);
}
