import { randomBytes } from 'node:crypto';
import { LIMITS, type InvitableRole, type InvitationSummary } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { CouchConflict } from '../db/couch-client.ts';
import {
  sha256,
  userIdOf,
  type AppStore,
  type InvitationDoc,
  type InviteTokenDoc,
  type UserDoc,
  type WorkspaceRecord,
} from '../db/app-store.ts';
import { randomId } from '../db/random-id.ts';
import { activeMemberDocs, addMember, removeMembership } from './add-member.ts';
import type { LiveRequests } from './live-requests.ts';

/** SPEC §4: pending → accepted | revoked | expired (7 days). */
export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

export function invitationState(invitation: InvitationDoc, now: Date): InvitationState {
  if (invitation.revokedAt) return 'revoked';
  if (invitation.acceptedBy) return 'accepted';
  if (Date.parse(invitation.expiresAt) <= now.getTime()) return 'expired';
  return 'pending';
}

export const workspaceIdOf = (workspace: WorkspaceRecord) =>
  workspace._id.slice('workspace:'.length);

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function createInvitation(
  store: AppStore,
  workspace: WorkspaceRecord,
  inviterId: string,
  body: { email: string | null; role: InvitableRole },
  now: Date,
): Promise<{ invitation: InvitationDoc; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = sha256(token);
  const workspaceId = workspaceIdOf(workspace);
  const id = randomId();
  const invitation: InvitationDoc = {
    _id: `invitation:${workspaceId}:${id}`,
    type: 'invitation',
    workspaceId,
    tokenHash,
    email: body.email,
    role: body.role,
    createdBy: inviterId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIMITS.invitationLifetimeMs).toISOString(),
    acceptedBy: null,
    acceptedAt: null,
    revokedAt: null,
  };
  const pointer: InviteTokenDoc = {
    _id: `invitetoken:${tokenHash}`,
    type: 'invitetoken',
    workspaceId,
    invitationId: id,
  };
  await store.changeIdSet(store.invitationsSet(workspace), [id]);
  await store.put(invitation);
  await store.put(pointer);
  return { invitation: { ...invitation }, token };
}

export async function summarise(
  store: AppStore,
  invitations: InvitationDoc[],
): Promise<InvitationSummary[]> {
  const inviterIds = [...new Set(invitations.map((i) => i.createdBy))];
  const inviters = new Map(
    await Promise.all(
      inviterIds.map(
        async (id) => [id, (await store.getUser(id))?.name ?? 'A former user'] as const,
      ),
    ),
  );
  return invitations.map((i) => ({
    id: i._id.split(':')[2] ?? '',
    role: i.role,
    email: i.email,
    invitedBy: { id: i.createdBy, name: inviters.get(i.createdBy) ?? 'A former user' },
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
  }));
}

export async function pendingInvitations(
  store: AppStore,
  workspace: WorkspaceRecord,
  now: Date,
): Promise<InvitationDoc[]> {
  const all = await invitationsOf(store, workspace);
  return all
    .filter((i) => invitationState(i, now) === 'pending')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Every invitation of the workspace, each read by id through its `invitations` set, so one made a
 * moment ago is listed at once on a cluster too.
 */
export async function invitationsOf(
  store: AppStore,
  workspace: WorkspaceRecord,
): Promise<InvitationDoc[]> {
  const workspaceId = workspaceIdOf(workspace);
  const ids = await store.readIdSet(store.invitationsSet(workspace));
  return store.byIds<InvitationDoc>(ids.map((id) => `invitation:${workspaceId}:${id}`));
}

/**
 * Revoking is idempotent; an invitation already used or unknown is not found. Like using it, a
 * claim: revoked through one instance while accepted through another, one of the two wins.
 */
export async function revokeInvitation(
  store: AppStore,
  workspace: WorkspaceRecord,
  id: string,
  now: Date,
): Promise<void> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) throw new AppError('NOT_FOUND');
  const docId = `invitation:${workspaceIdOf(workspace)}:${id}`;
  let found = false;
  await store.update<InvitationDoc>(
    docId,
    (current) => {
      found = current !== null && current.acceptedBy === null;
      if (!current || !found || current.revokedAt) return null;
      return { ...current, revokedAt: now.toISOString() };
    },
    { claim: true },
  );
  if (!found) throw new AppError('NOT_FOUND');
}

interface FoundInvitation {
  invitation: InvitationDoc;
  workspace: WorkspaceRecord;
}

async function findByToken(store: AppStore, token: string): Promise<FoundInvitation> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError('NOT_FOUND');
  const pointer = await store.get<InviteTokenDoc>(`invitetoken:${sha256(token)}`);
  const invitation = pointer
    ? await store.get<InvitationDoc>(`invitation:${pointer.workspaceId}:${pointer.invitationId}`)
    : null;
  const workspace = pointer ? await store.workspace(pointer.workspaceId) : null;
  if (!invitation || !workspace) throw new AppError('NOT_FOUND');
  return { invitation, workspace };
}

/**
 * Whether `user` may use the invitation now; throws the catalogue error that explains why not.
 * Being a member already comes first: a member who opens a used or old link is simply told
 * they are in.
 */
async function assertUsable(store: AppStore, found: FoundInvitation, user: UserDoc, now: Date) {
  const { invitation, workspace } = found;
  const membership = await store.membership(userIdOf(user), invitation.workspaceId);
  if (membership) throw new AppError('ALREADY_MEMBER', { params: { workspace: workspace.name } });
  switch (invitationState(invitation, now)) {
    // A used invitation answers INVITE_REVOKED: invitations are single-use, so for anyone else
    // the link has been taken out of use, which is what "withdrawn" tells them; "expired" would
    // claim a time limit passed, which is not why it stopped working. The remedy, asking the
    // inviter, is the same.
    case 'accepted':
    case 'revoked':
      throw new AppError('INVITE_REVOKED');
    case 'expired':
      throw new AppError('INVITE_EXPIRED');
    case 'pending':
      break;
  }
  if (invitation.email && invitation.email !== user.email.toLowerCase())
    throw new AppError('FORBIDDEN', {
      detail: 'This invitation is for a different email address',
    });
  // SPEC §9. Checked before the invitation is used, so a full workspace leaves it pending for
  // when an admin has made room; checked again after joining (acceptInvitation).
  if ((await activeMembers(store, workspace)) >= LIMITS.membersPerWorkspace)
    throw workspaceFull(workspace);
}

function workspaceFull(workspace: WorkspaceRecord): AppError {
  return new AppError('FORBIDDEN', {
    errors: [{ path: 'workspace', message: workspaceFullMessage(workspace.name) }],
  });
}

function workspaceFullMessage(name: string): string {
  const most = LIMITS.membersPerWorkspace.toLocaleString('en');
  return `${name} has ${most} members, the most a workspace can have.`;
}

async function activeMembers(store: AppStore, workspace: WorkspaceRecord): Promise<number> {
  return (await activeMemberDocs(store, workspace)).length;
}

export async function previewInvitation(store: AppStore, token: string, user: UserDoc, now: Date) {
  const found = await findByToken(store, token);
  await assertUsable(store, found, user, now);
  const inviter = await store.getUser(found.invitation.createdBy);
  return {
    workspace: { slug: found.workspace.slug, name: found.workspace.name },
    invitedBy: { name: inviter?.name ?? 'A former user' },
    role: found.invitation.role,
    state: 'pending' as const,
    expiresAt: found.invitation.expiresAt,
  };
}

/**
 * Use the invitation once. Marking it accepted is a write against the revision just read, so
 * of two concurrent accepts exactly one succeeds; the other re-reads and is told it was used.
 * Through two nodes of a cluster both writes can succeed: each is read back once settled
 * (`keeps`), and only the one kept goes on.
 */
export async function acceptInvitation(
  store: AppStore,
  live: LiveRequests | null,
  token: string,
  user: UserDoc,
  now: Date,
): Promise<FoundInvitation> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await findByToken(store, token);
    await assertUsable(store, found, user, now);
    const accepted: InvitationDoc = {
      ...found.invitation,
      acceptedBy: userIdOf(user),
      acceptedAt: now.toISOString(),
    };
    try {
      accepted._rev = await store.put(accepted);
    } catch (err) {
      if (err instanceof CouchConflict) continue;
      throw err;
    }
    if (!(await store.keeps(accepted._id, accepted._rev))) continue;
    // Give the invitation back, so the person can try again (once the database answers, or
    // once there is room).
    const giveBack = () =>
      store.put({ ...accepted, acceptedBy: null, acceptedAt: null }).catch(() => undefined);
    try {
      await addMember(store, found.workspace, user, found.invitation.role);
    } catch (err) {
      await giveBack();
      throw err;
    }
    // Two accepts at once (different links) can both pass the check at 999 members before
    // either has joined. Whichever joins last sees both and steps back out; the other may see
    // both too and step back as well. One too few for a moment, never one over the limit.
    const stepBack = async () => {
      try {
        // As a removal: requests that got in during the moment of membership end too.
        await removeMembership(store, live, found.workspace, userIdOf(user));
      } finally {
        await giveBack();
      }
    };
    let full: boolean;
    try {
      full = (await activeMembers(store, found.workspace)) > LIMITS.membersPerWorkspace;
    } catch (err) {
      // Not known to be within the limit (the database did not answer): out rather than over.
      await stepBack().catch(() => undefined);
      throw err;
    }
    if (full) {
      await stepBack();
      throw workspaceFull(found.workspace);
    }
    return { invitation: accepted, workspace: found.workspace };
  }
  throw new AppError('INVITE_REVOKED');
}
