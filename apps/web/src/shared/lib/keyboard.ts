/** The minimum of an element a shortcut needs to know to stay out of the way of typing. */
export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'range',
  'color',
]);

/** True when a keystroke on this element is text entry, so single-key shortcuts must not fire. */
export function isTypingTarget(target: TargetLike | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  return false;
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** A bare letter shortcut such as `c`: no modifier held (shift is tolerated for caps lock). */
export function isPlainKey(event: KeyLike, key: string): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && event.key.toLowerCase() === key;
}

/** Ctrl+Enter or Cmd+Enter, the submit chord of multi-line forms. */
export function isSubmitChord(event: KeyLike): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
