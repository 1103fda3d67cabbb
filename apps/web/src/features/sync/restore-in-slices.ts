import type { WorkspaceDoc } from '@keel/domain';
import { nextTask } from '../../shared/lib/next-task.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** Snapshot documents restored per task: about 8 ms of work on this project's 2-core machine. */
export const RESTORE_SLICE = 2_500;

/**
 * Restore a snapshot part into the store a slice per task, telling subscribers once, with the
 * last slice (which also moves the part's flag). Changes the feed applies in between are kept:
 * the store does not replace a revision with an older one. False when `stillWanted` turned
 * false part-way (the session closed): the rest is not restored.
 */
export async function restoreInSlices(
  store: Pick<WorkspaceStore, 'restore'>,
  docs: readonly WorkspaceDoc[],
  part: 'main' | 'history' | 'older history',
  stillWanted: () => boolean,
  slice = RESTORE_SLICE,
  /** How the page gets its turn between slices (tests look at the store there). */
  yieldToPage: () => Promise<void> = nextTask,
): Promise<boolean> {
  let at = 0;
  for (; at + slice < docs.length; at += slice) {
    store.restore(docs.slice(at, at + slice), 'older history', false);
    await yieldToPage();
    if (!stillWanted()) return false;
  }
  store.restore(docs.slice(at), part);
  return true;
}
