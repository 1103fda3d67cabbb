import { useEffect, useRef, useState } from 'react';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { useLatestCallback } from '../../shared/lib/use-latest-callback.ts';
import { showToast } from '../../shared/ui/toast-store.ts';

/** How long the arrow keys may rest before their moves are saved as one change. */
export const KEY_SAVE_DELAY_MS = 500;

export interface DateDraft<T> {
  /** What is drawn instead of the stored days while dragged, typed or saving; null otherwise. */
  draft: T | null;
  /** Draw `value` while dragging; nothing is saved. */
  preview: (value: T) => void;
  /** Save `value` now (a drop). */
  commit: (value: T) => void;
  /** Draw `value` and save it once the keys rest, so holding an arrow is one change. */
  commitSoon: (value: T) => void;
  /** Back to the stored days. */
  cancel: () => void;
  /** Save what the keys moved without waiting (leaving the bar, opening the project). */
  flush: () => void;
}

/**
 * The days of a bar or a milestone between a gesture and the store. A refused write says why
 * in a toast and the bar goes back to its stored days; an accepted one is in the store by the
 * time it resolves, so the draft simply goes.
 */
export function useDateDraft<T>(save: (value: T) => Promise<WriteOutcome>): DateDraft<T> {
  const [draft, setDraft] = useState<T | null>(null);
  // Each change of the draft has a number: a save that resolves after a newer drag or key
  // started must not take that one's draft away.
  const generation = useRef(0);
  const waiting = useRef<{ value: T; timer: ReturnType<typeof setTimeout> } | null>(null);

  const show = (value: T | null) => {
    generation.current += 1;
    setDraft(value);
    return generation.current;
  };
  const stopWaiting = () => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  };
  const commit = useLatestCallback((value: T) => {
    stopWaiting();
    const mine = show(value);
    void save(value).then((outcome) => {
      if (!outcome.ok) showToast(outcome.message, 'error');
      if (generation.current === mine) setDraft(null);
    });
  });
  const flush = useLatestCallback(() => {
    if (waiting.current) commit(waiting.current.value);
  });
  // Moved with the keys and gone before they rested (Enter opened the project): still saved.
  useEffect(() => flush, [flush]);

  return {
    draft,
    preview: (value) => {
      // Keys moved it just before the drag: those moves are saved, the drag draws over them.
      flush();
      show(value);
    },
    commit,
    commitSoon: (value) => {
      stopWaiting();
      show(value);
      waiting.current = { value, timer: setTimeout(flush, KEY_SAVE_DELAY_MS) };
    },
    cancel: () => {
      stopWaiting();
      show(null);
    },
    flush,
  };
}
