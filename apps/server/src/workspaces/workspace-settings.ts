import type { MemberDoc } from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore, InvitationDoc, WorkspaceRecord } from '../db/app-store.ts';
import type { WorkspaceAccess } from './access.ts';
import { workspaceIdOf } from './invitations.ts';
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
 * Delete a workspace for good. The URL key goes first: from then on every request for it is
 * "not found", so nobody syncs into a database that is being removed. Then memberships (found
 * through the member documents, the only per-workspace list of users), invitations, issue-number
 * counters, the record and the database. Each step tolerates a retry after a failure part-way.
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
  const workspaceId = workspaceIdOf(workspace);
  const members = await store.couch.docsWithPrefix<MemberDoc>(workspace.dbName, 'member:');
  await store.remove(`slug:${workspace.slug}`);
  for (const member of members) {
    await store.remove(`membership:${member.userId}:${workspaceId}`);
    live.abort(member.userId, workspaceId);
  }
  const invitations = await store.withPrefix<InvitationDoc>(`invitation:${workspaceId}:`);
  for (const invitation of invitations) {
    await store.remove(`invitetoken:${invitation.tokenHash}`);
    await store.remove(invitation._id);
  }
  for (const prefix of [`counter:${workspaceId}:`, `numreq:${workspaceId}:`]) {
    const docs = await store.withPrefix<{ _id: string; _rev: string }>(prefix);
    if (docs.length)
      await store.couch.bulkDocs(
        store.db,
        docs.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })),
      );
  }
  await store.remove(workspace._id);
  await store.couch.deleteDb(workspace.dbName);
}
