import { showToast } from '../../shared/ui/toast-store.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import type { UndoEntry, UndoStack } from '../../data/session/undo-stack.ts';

/** One toast at a time says what the last change was, with its Undo. */
const TOAST_KEY = 'last-change';

/**
 * A change was saved: remember how to take it back (Ctrl/Cmd+Z) and say so in a toast with an
 * Undo button, which takes back that change even after later ones.
 */
export function offerUndo(
  stack: UndoStack,
  label: string,
  undo: () => Promise<WriteOutcome>,
): void {
  const entry: UndoEntry = { label, undo };
  stack.push(entry);
  showToast(label, 'info', {
    key: TOAST_KEY,
    action: { label: 'Undo', run: () => void (stack.take(entry) && runUndo(entry)) },
  });
}

/** Ctrl/Cmd+Z: take back the person's last change on this device. */
export async function undoLast(stack: UndoStack): Promise<void> {
  const entry = stack.pop();
  if (!entry) {
    showToast('Nothing to undo.', 'info', { key: TOAST_KEY });
    return;
  }
  await runUndo(entry);
}

async function runUndo(entry: UndoEntry): Promise<void> {
  const outcome = await entry.undo().catch((error: unknown): WriteOutcome => ({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    errors: [],
  }));
  if (outcome.ok) showToast(`Undone: ${lowerFirst(entry.label)}.`, 'info', { key: TOAST_KEY });
  else showToast(`Couldn’t undo: ${outcome.message}`, 'error', { key: TOAST_KEY });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
