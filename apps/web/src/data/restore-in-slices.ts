import type { WorkspaceDoc } from '@keel/domain';
import { nextTask } from '../shared/lib/next-task.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** Snapshot documents restored per task: about 8 ms of work on this project's 2-core machine. */
export const RESTORE_SLICE = 2_500;

/**
 * Restore a snapshot part into the store a slice per task, telling subscribers once, with the
 * last slice, and then marking `loaded` loaded (null: an older snapshot, not all there is yet).
 * Changes the feed applies in between are kept: the store does not replace a revision with an
 * older one. False when `stillWanted` turned false part-way (the session closed): the rest is
 * not restored.
 */
export async function restoreInSlices(
  store: Pick<WorkspaceStore, 'ingest' | 'markLoaded'>,
  docs: readonly WorkspaceDoc[],
  loaded: 'main' | 'history' | null,
  stillWanted: () => boolean,
  slice = RESTORE_SLICE,
  /** How the page gets its turn between slices (tests look at the store there). */
  yieldToPage: () => Promise<void> = nextTask,
): Promise<boolean> {
  let at = 0;
  for (; at + slice < docs.length; at += slice) {
    store.ingest(docs.slice(at, at + slice), 'snapshot', { notify: false });
    await yieldToPage();
    if (!stillWanted()) return false;
  }
  store.ingest(docs.slice(at), 'snapshot');
  if (loaded) store.markLoaded(loaded);
  return true;
}
