import { filesDbOf } from '../files/file-store.ts';
import { AppError } from '../app-error.ts';
import type { AppStore, InvitationDoc, WorkspaceRecord } from '../db/app-store.ts';
import type { WorkspaceAccess } from './access.ts';
import { invitationsOf, workspaceIdOf } from './invitations.ts';
import type { LiveRequests } from './live-requests.ts';

export async function renameWorkspace(
  store: AppStore,
  access: WorkspaceAccess,
  name: string,
): Promise<WorkspaceRecord> {
  const updated = await store.update<WorkspaceRecord>(access.workspace._id, (current) =>
    current ? { ...current, name } : null,
  );
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

/**
 * Delete a workspace for good. The record is marked first, in one write: from then on every
 * request for it is "not found", so nobody syncs into a database that is being removed, and a
 * deletion cut off part-way (the server stopped, the database failed) is finished later by
 * `finishDeletion` instead of leaving a half-deleted workspace nobody can reach to retry.
 */
export async function deleteWorkspace(
  store: AppStore,
  live: LiveRequests,
  access: WorkspaceAccess,
  confirmSlug: string,
): Promise<void> {
  const { workspace } = access;
  if (confirmSlug.trim() !== workspace.slug)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'confirmSlug', message: `Type ${workspace.slug} to confirm` }],
    });
  const marked = await store.update<WorkspaceRecord>(workspace._id, (current) =>
    current && !current.deletingAt ? { ...current, deletingAt: new Date().toISOString() } : null,
  );
  await finishDeletion(store, live, marked ?? workspace);
}

/**
 * The rest of a deletion, each step safe to run again: the URL key, memberships (found through
 * the workspace's `members` set and its member documents) and their place in each person's
 * `memberof` set, invitations, issue-number blocks and counters, the database, and last the
 * record that marks the deletion as unfinished.
 */
export async function finishDeletion(
  store: AppStore,
  live: LiveRequests | null,
  workspace: WorkspaceRecord,
): Promise<void> {
  const workspaceId = workspaceIdOf(workspace);
  // A database already removed has no members left to find: their memberships went before it.
  // The set starts from the member documents when it was never written.
  const userIds = await store.readIdSet(store.membersSet(workspace));
  const claim = await store.get<{ _id: string; workspaceId: string }>(`slug:${workspace.slug}`);
  // The key may belong to a new workspace by now.
  if (claim?.workspaceId === workspaceId) await store.remove(claim._id);
  for (const userId of userIds) {
    await store.remove(`membership:${userId}:${workspaceId}`);
    live?.abort(userId, workspaceId);
    await store.changeIdSet(store.memberOfSet(userId), [], [workspaceId]);
  }
  const invitations = new Map(
    [
      ...(await store.withPrefix<InvitationDoc>(`invitation:${workspaceId}:`)),
      ...(await invitationsOf(store, workspace)),
    ].map((i) => [i._id, i]),
  );
  for (const invitation of invitations.values()) {
    await store.remove(`invitetoken:${invitation.tokenHash}`);
    await store.remove(invitation._id);
  }
  await store.remove(`members:${workspaceId}`);
  await store.remove(`invitations:${workspaceId}`);
  // Its integrations: the GitHub connection's and the webhooks' sealed secrets go with it.
  await store.remove(`githubconn:${workspaceId}`);
  await store.remove(`webhookfeed:${workspaceId}`);
  for (const prefix of [
    `counter:${workspaceId}:`,
    `numreq:${workspaceId}:`,
    `numblock:${workspaceId}:`,
    `webhook:${workspaceId}:`,
  ]) {
    const docs = await store.withPrefix<{ _id: string; _rev: string }>(prefix);
    if (docs.length)
      await store.couch.bulkDocs(
        store.db,
        docs.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })),
      );
  }
  await store.couch.deleteDb(filesDbOf(workspace));
  await store.couch.deleteDb(workspace.dbName);
  await store.remove(workspace._id);
}

/**
 * Finish every deletion that was cut off part-way. Run when the server starts and now and then
 * after: the workspace is unreachable, so its owner cannot retry. Each step being safe to run
 * again, two instances doing this at once do no harm.
 */
export async function finishInterruptedDeletions(
  store: AppStore,
  onFailure: (workspaceId: string, err: unknown) => void,
): Promise<void> {
  for (const workspace of await store.workspacesBeingDeleted())
    await finishDeletion(store, null, workspace).catch((err: unknown) =>
      onFailure(workspace._id, err),
    );
}
