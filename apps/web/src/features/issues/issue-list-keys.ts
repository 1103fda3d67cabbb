import { useEffect, useRef } from 'react';
import { isPlainKey, isTypingTarget } from '../../shared/lib/keyboard.ts';

export interface ListKeyHandlers {
  /** Move the focused row by one issue: +1 for j, -1 for k. */
  move: (step: 1 | -1) => void;
  /** x: select or unselect the focused row. */
  toggle: () => void;
  /** Enter when focus is not already on a link or button: open the focused row. */
  open: () => void;
  /** Esc: clear the selection. */
  escape: () => void;
}

/**
 * The list's single-key shortcuts (SPEC §2: j/k move, Enter open, x select, Esc). They stay out
 * of the way of typing and of any open dialog.
 */
export function useListKeys(handlers: ListKeyHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target as HTMLElement | null)) return;
      if (document.querySelector('dialog[open], [role="dialog"]')) return;
      const h = latest.current;
      if (isPlainKey(event, 'j')) h.move(1);
      else if (isPlainKey(event, 'k')) h.move(-1);
      else if (isPlainKey(event, 'x')) h.toggle();
      else if (event.key === 'Escape') h.escape();
      else if (event.key === 'Enter') {
        const tag = (event.target as HTMLElement | null)?.tagName;
        if (tag === 'A' || tag === 'BUTTON') return; // the browser opens what is focused
        h.open();
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
