import type { KeyLike } from '../../shared/lib/keyboard.ts';

/**
 * A shortcut as written in the command registry: a single key (`c`, `/`, `?`, `Enter`,
 * `Escape`) or a chord with the platform's command key (`mod+k`: Ctrl on Windows and Linux,
 * Cmd on macOS).
 */
export type Shortcut = string;

const MOD = 'mod+';

/** True when the keystroke is this shortcut. Shift is tolerated for letters (caps lock). */
export function matchesShortcut(event: KeyLike, shortcut: Shortcut): boolean {
  if (shortcut.startsWith(MOD)) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    return event.key.toLowerCase() === shortcut.slice(MOD.length);
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (shortcut.length === 1) return event.key.toLowerCase() === shortcut;
  return event.key === shortcut;
}

const NAMES: Readonly<Record<string, string>> = { Escape: 'Esc', Enter: 'Enter' };

/** The keys to print for a shortcut, one string per key cap: `mod+k` → ['⌘', 'K'] on a Mac. */
export function shortcutKeys(shortcut: Shortcut, mac: boolean): string[] {
  if (shortcut.startsWith(MOD))
    return [mac ? '⌘' : 'Ctrl', shortcut.slice(MOD.length).toUpperCase()];
  return [NAMES[shortcut] ?? shortcut];
}

/** The value of `aria-keyshortcuts` (WAI-ARIA names keys as KeyboardEvent.key does). */
export function ariaKeyShortcuts(shortcut: Shortcut): string {
  if (shortcut.startsWith(MOD)) {
    const key = shortcut.slice(MOD.length).toUpperCase();
    return `Control+${key} Meta+${key}`;
  }
  if (shortcut === '?') return 'Shift+?';
  return shortcut;
}
