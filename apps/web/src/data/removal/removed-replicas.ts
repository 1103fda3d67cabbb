import { typeOfId, workspaceDocSchema, type WorkspaceDoc } from '@keel/domain';
import { replicaName } from '../replica-name.ts';
import { changeSubject } from '../rejection-message.ts';
import type { RejectedChange } from '../rejected/rejected-store.ts';
import { rejectedText } from '../rejected/rejected-text.ts';

/**
 * SPEC §4: removal from a workspace ends access at once. The device then deletes its copy of
 * that workspace, after keeping any change that never reached the server under Rejected
 * changes, and says why once. These are the decisions; clean-up-removed.ts does the work.
 */
export interface RemovedReplica {
  name: string;
  slug: string;
}

/**
 * This person's replicas on the device whose workspace the server no longer lists for them.
 * Only candidates: the caller confirms each with the workspace's own endpoint before deleting,
 * since a list fetched a moment before a workspace was created would not name it yet.
 */
export function removedReplicas(
  known: readonly string[],
  userId: string,
  slugs: ReadonlySet<string>,
): RemovedReplica[] {
  const prefix = replicaName(userId, '');
  return known.flatMap((name) => {
    if (!name.startsWith(prefix)) return [];
    const slug = name.slice(prefix.length);
    return slug && !slugs.has(slug) ? [{ name, slug }] : [];
  });
}

export function removalReason(workspaceName: string): string {
  return `You no longer have access to ${workspaceName}`;
}

/** The one message a lost workspace gets, whichever part of the app notices first. */
export function workspaceGoneToastKey(slug: string): string {
  return `workspace-gone:${slug}`;
}

export function removalMessage(workspaceName: string, kept: number): string {
  const removed = `${removalReason(workspaceName)}. Its offline copy was removed from this device.`;
  if (kept === 0) return removed;
  const changes =
    kept === 1 ? '1 change that had not synced is' : `${kept} changes that had not synced are`;
  return `${removed} ${changes} kept under Rejected changes on your account page.`;
}

/** Nobody typed activity records and read markers; they are not worth keeping. */
const UNTYPED = new Set(['activity', 'readMarker', 'member']);

/**
 * Entries for the changes the server never received. `context` holds the replica's projects,
 * labels and members, so issues are named by key and fields in words.
 */
export function unsyncedEntries(
  unsynced: readonly object[],
  context: readonly unknown[],
  params: { slug: string; workspaceName: string; at: string },
): Omit<RejectedChange, 'id'>[] {
  const docs = new Map<string, WorkspaceDoc>();
  for (const raw of [...context, ...unsynced]) {
    const parsed = workspaceDocSchema.safeParse(stripRev(raw));
    if (parsed.success) docs.set(parsed.data._id, parsed.data);
  }
  const lookup = (id: string) => docs.get(id);
  return unsynced.flatMap((doc) => {
    const id = (doc as { _id?: unknown })._id;
    const type = typeof id === 'string' ? typeOfId(id) : null;
    if (typeof id !== 'string' || !type || UNTYPED.has(type)) return [];
    return [
      {
        slug: params.slug,
        docId: id,
        docType: type,
        subject: changeSubject(id, lookup),
        reason: removalReason(params.workspaceName),
        text: rejectedText(doc, null, lookup),
        at: params.at,
      },
    ];
  });
}

function stripRev(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const { _rev: _ignored, ...rest } = raw as Record<string, unknown>;
  return rest;
}
