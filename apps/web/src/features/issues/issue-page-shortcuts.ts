import { useEffect } from 'react';
import { isTypingTarget, type KeyLike, type TargetLike } from '../../shared/lib/keyboard.ts';

/** SPEC §2's property keys on an issue page: s state, p priority, a assignee, l labels. */
export const PROPERTY_KEYS: Readonly<Record<string, string>> = {
  s: 'State',
  p: 'Priority',
  a: 'Assignee',
  l: 'Labels',
};

/** The property a keystroke opens, or null (modifiers held, or not one of the four keys). */
export function propertyForKey(event: KeyLike): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return PROPERTY_KEYS[event.key.toLowerCase()] ?? null;
}

/** Opens the property's combobox, unless the person is typing or a dialog is open. */
export function useIssuePageShortcuts(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const property = propertyForKey(event);
      if (!property || isTypingTarget(event.target as TargetLike | null)) return;
      if (document.querySelector('dialog[open]')) return;
      const input = document.querySelector<HTMLInputElement>(
        `[role="combobox"][data-property="${property}"]`,
      );
      if (!input || input.disabled) return;
      event.preventDefault();
      input.focus();
      input.click(); // the combobox opens its list on click
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
