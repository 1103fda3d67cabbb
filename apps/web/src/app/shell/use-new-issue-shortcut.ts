import { useEffect } from 'react';
import { isPlainKey, isTypingTarget, type TargetLike } from '../../shared/lib/keyboard.ts';

/** `c` opens the new issue dialog, unless the user is typing or another dialog is open. */
export function useNewIssueShortcut(enabled: boolean, open: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !isPlainKey(event, 'c')) return;
      if (isTypingTarget(event.target as TargetLike | null)) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, open]);
}
