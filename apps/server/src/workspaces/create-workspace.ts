import {
  DEFAULT_STATES,
  memberDocSchema,
  newIdTail,
  projectDocSchema,
  type CreateWorkspaceBody,
  type MemberDoc,
  type ProjectDoc,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import {
  userIdOf,
  type AppStore,
  type MembershipDoc,
  type UserDoc,
  type WorkspaceRecord,
} from '../db/app-store.ts';
import { randomId } from '../db/random-id.ts';

type ValidBody = { [K in keyof CreateWorkspaceBody]: string };

/**
 * Provision a workspace: claim the URL key, create its database, make the creator the owner,
 * and seed the first project (key ENG, default workflow). A failure after the claim releases
 * the claim, so a retry with the same key works.
 */
export async function createWorkspace(store: AppStore, user: UserDoc, body: ValidBody) {
  const userId = userIdOf(user);
  const workspaceId = randomId()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const now = new Date().toISOString();
  const claimed = await store.create({ _id: `slug:${body.slug}`, type: 'slug', workspaceId });
  if (!claimed)
    throw new AppError('SLUG_TAKEN', {
      errors: [{ path: 'slug', message: 'That URL key is taken. Try another.' }],
    });

  const dbName = `keel_ws_${workspaceId}`;
  try {
    const workspace: WorkspaceRecord = {
      _id: `workspace:${workspaceId}`,
      type: 'workspace',
      slug: body.slug,
      name: body.name,
      createdAt: now,
      createdBy: userId,
      dbName,
    };
    await store.couch.createDb(dbName);
    const member: MemberDoc = memberDocSchema.parse({
      _id: `member:${userId}`,
      type: 'member',
      userId,
      name: user.name,
      email: user.email,
      avatarUrl: user.avatarUrl,
      role: 'owner',
      active: true,
      createdAt: now,
      updatedAt: now,
    });
    const project: ProjectDoc = projectDocSchema.parse({
      _id: `project:${newIdTail()}`,
      type: 'project',
      key: 'ENG',
      name: 'Engineering',
      description: '',
      leadId: userId,
      color: '#5E6AD2',
      archivedAt: null,
      states: DEFAULT_STATES,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await store.couch.bulkDocs(dbName, [member, project]);
    await store.put(workspace);
    await store.indexMembership(userId, workspace);
    const membership: MembershipDoc = {
      _id: `membership:${userId}:${workspaceId}`,
      type: 'membership',
      workspaceId,
      userId,
      role: 'owner',
      joinedAt: now,
    };
    await store.put(membership);
    return { workspace, project };
  } catch (err) {
    const claim = await store.get(`slug:${body.slug}`).catch(() => null);
    if (claim?._rev)
      await store.couch.deleteDoc(store.db, claim._id, claim._rev).catch(() => undefined);
    throw err;
  }
}
