import type { MeResponse } from '@keel/domain';
import { readJson, writeJson } from '../../shared/lib/local-store.ts';
import { showToast, TOAST_VISIBLE_MS } from '../../shared/ui/toast-store.ts';
import { forgetReplica, knownReplicas } from '../known-replicas.ts';
import { forgetAllPending } from '../pending-journal.ts';
import { keepRejected } from '../rejected/rejected-store.ts';
import { PUSH_MARK, readPushed } from '../sync-monitor.ts';
import { closeWorkspaceSessionFor } from '../open-session.ts';
import {
  removalMessage,
  removedReplicas,
  unsyncedEntries,
  workspaceGoneToastKey,
  type RemovedReplica,
} from './removed-replicas.ts';
import { noticesToRepeat, parseDueNotices, withNotice } from './removal-notices.ts';

/** Workspace names by slug, from the last answers of /api/me: a removed one is no longer listed. */
const NAMES_KEY = 'keel.workspaceNames';

function readNames(): Record<string, string> {
  return (
    readJson(NAMES_KEY, (v) =>
      typeof v === 'object' && v !== null && !Array.isArray(v)
        ? (v as Record<string, string>)
        : null,
    ) ?? {}
  );
}

const NOTICES_KEY = 'keel.removalNotices';

const dueNotices = () => readJson(NOTICES_KEY, parseDueNotices) ?? [];

/** Say a removal notice, and keep it due until it has been on screen for its whole time. */
function announce(userId: string, slug: string, message: string): void {
  const now = Date.now();
  const notice = { userId, slug, message, until: now + TOAST_VISIBLE_MS };
  writeJson(NOTICES_KEY, withNotice(dueNotices(), notice, now));
  showToast(message, 'info', { key: workspaceGoneToastKey(slug) });
}

/** Whether the workspace's own endpoint confirms this person has no access (404). */
async function confirmedGone(slug: string): Promise<boolean> {
  try {
    const res = await fetch(`/db/${encodeURIComponent(slug)}/`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    return res.status === 404;
  } catch {
    return false; // offline: try again on the next load
  }
}

async function removeReplica(userId: string, removed: RemovedReplica, workspaceName: string) {
  await closeWorkspaceSessionFor(userId, removed.slug);
  const { openReplicaWhenClosed } = await import('../replica.ts');
  const replica = await openReplicaWhenClosed(removed.name);
  let kept = 0;
  try {
    const pushed = readPushed(await replica.readLocal(PUSH_MARK));
    const unsynced = await replica.changedSince(pushed.seq, pushed.waiting);
    if (unsynced.length) {
      const context = await replica.loadTypes(['project', 'label', 'member']);
      const entries = unsyncedEntries(unsynced, context, {
        slug: removed.slug,
        workspaceName,
        at: new Date().toISOString(),
      });
      for (const entry of entries) keepRejected(userId, entry);
      kept = entries.length;
    }
  } finally {
    // Only once what was typed is kept: deleting first could lose it.
    await replica.destroy();
  }
  forgetReplica(removed.name);
  const { forgetWorkspaceFiles } = await import('../files/file-uploader.ts');
  await forgetWorkspaceFiles(userId, removed.slug);
  // A change a closed page left uncommitted (pending-journal.ts) belonged to this replica; with
  // the workspace gone there is nowhere to save it.
  forgetAllPending(removed.name);
  announce(userId, removed.slug, removalMessage(workspaceName, kept));
}

let running: Promise<void> = Promise.resolve();

/**
 * After each answer of /api/me: delete this device's copy of every workspace the person has
 * lost access to, keeping its unsynced changes under Rejected changes, and tell them once.
 */
export function cleanUpRemovedWorkspaces(me: MeResponse): Promise<void> {
  running = running.then(async () => {
    const names = { ...readNames() };
    for (const w of me.workspaces) names[w.slug] = w.name;
    writeJson(NAMES_KEY, names);
    const slugs = new Set(me.workspaces.map((w) => w.slug));
    for (const notice of noticesToRepeat(dueNotices(), me.user.id, slugs, Date.now()))
      announce(notice.userId, notice.slug, notice.message);
    for (const removed of removedReplicas(knownReplicas(), me.user.id, slugs)) {
      if (!(await confirmedGone(removed.slug))) continue;
      await removeReplica(me.user.id, removed, names[removed.slug] ?? removed.slug).catch(
        () => undefined,
      );
    }
  });
  return running;
}
