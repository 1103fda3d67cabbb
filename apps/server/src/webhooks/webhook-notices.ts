import type { NoticeDoc } from '@keel/domain';
import type { AppStore } from '../db/app-store.ts';
import { retryOnConflict } from '../db/retry-on-conflict.ts';
import type { WebhookDoc } from './webhook-store.ts';

/** The one notice a webhook can have: turned off for failing (SPEC §11, "its admins told"). */
export const webhookNoticeId = (webhookId: string) => `notice:webhook-${webhookId}`;

/**
 * Write (or take back) the notice in the workspace's own database, so it reaches every device
 * of its owner and admins, offline ones once they sync, and shows in their inbox. Written
 * directly: a notice is the server's (the proxy refuses it from any device).
 */
async function writeNotice(
  store: AppStore,
  workspaceId: string,
  webhookId: string,
  change: (current: NoticeDoc | null, now: string) => NoticeDoc | null,
): Promise<void> {
  const workspace = await store.workspace(workspaceId);
  if (!workspace || workspace.deletingAt) return;
  const id = webhookNoticeId(webhookId);
  await retryOnConflict(id, 10, async () => {
    const current = await store.couch.getDoc<NoticeDoc>(workspace.dbName, id);
    const next = change(current, new Date().toISOString());
    if (next)
      await store.couch.putDoc(workspace.dbName, {
        ...next,
        _id: id,
        ...(current?._rev ? { _rev: current._rev } : {}),
      });
  });
}

/** The webhook was turned off after failing for 24 hours: its admins are told. */
export function noticeWebhookOff(store: AppStore, hook: WebhookDoc): Promise<void> {
  return writeNotice(store, hook.workspaceId, hook.id, (current, now) => ({
    _id: webhookNoticeId(hook.id),
    type: 'notice',
    kind: 'webhook-off',
    subjectId: hook.id,
    label: hook.label,
    resolvedAt: null,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  }));
}

/** Turned back on, or deleted: the notice is resolved, and leaves the inbox. */
export function resolveWebhookNotice(
  store: AppStore,
  workspaceId: string,
  webhookId: string,
): Promise<void> {
  return writeNotice(store, workspaceId, webhookId, (current, now) =>
    current && !current.resolvedAt ? { ...current, resolvedAt: now, updatedAt: now } : null,
  );
}
