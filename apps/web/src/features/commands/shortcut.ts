import type { KeyLike } from '../../shared/lib/keyboard.ts';

/**
 * A shortcut as written in the command registry: a single key (`c`, `/`, `?`, `Enter`,
 * `Escape`), a letter with Shift (`shift+c`), or a chord with the platform's command key (`mod+k`: Ctrl on Windows and Linux,
 * Cmd on macOS), with Shift too when it says so (`mod+shift+,`).
 */
export type Shortcut = string;

/** A keystroke as a chord needs it: Shift, and the physical key for punctuation. */
export type ChordKeyLike = KeyLike & { shiftKey?: boolean; code?: string };

const MOD = 'mod+';
const SHIFT = 'shift+';

// Shift changes the character punctuation types ("," becomes "<" on a US layout): the chord
// also matches on the physical key.
const CODES: Readonly<Record<string, string>> = { ',': 'Comma', '.': 'Period', '/': 'Slash' };

function chordOf(shortcut: Shortcut): { shift: boolean; key: string } {
  const rest = shortcut.slice(MOD.length);
  return rest.startsWith(SHIFT) && rest.length > SHIFT.length
    ? { shift: true, key: rest.slice(SHIFT.length) }
    : { shift: false, key: rest };
}

/**
 * True when the keystroke is this shortcut. Shift is tolerated for single letters (caps lock);
 * a chord says whether it wants Shift, so Ctrl/Cmd+Shift+Z (redo) is not Ctrl/Cmd+Z.
 */
export function matchesShortcut(event: ChordKeyLike, shortcut: Shortcut): boolean {
  if (shortcut.startsWith(MOD)) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    const chord = chordOf(shortcut);
    if ((event.shiftKey ?? false) !== chord.shift) return false;
    return (
      event.key.toLowerCase() === chord.key ||
      (CODES[chord.key] !== undefined && event.code === CODES[chord.key])
    );
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (shiftedLetter(shortcut))
    return event.shiftKey === true && event.key.toLowerCase() === shortcut.slice(SHIFT.length);
  // Caps lock types a capital without Shift; Shift held is another shortcut (`shift+c`).
  if (/^[a-z]$/.test(shortcut)) return event.key.toLowerCase() === shortcut && !event.shiftKey;
  if (shortcut.length === 1) return event.key === shortcut;
  return event.key === shortcut;
}

const shiftedLetter = (shortcut: Shortcut) => /^shift\+[a-z]$/.test(shortcut);

const NAMES: Readonly<Record<string, string>> = { Escape: 'Esc', Enter: 'Enter' };

/** The keys to print for a shortcut, one string per key cap: `mod+k` → ['⌘', 'K'] on a Mac. */
export function shortcutKeys(shortcut: Shortcut, mac: boolean): string[] {
  if (shortcut.startsWith(MOD)) {
    const chord = chordOf(shortcut);
    const shift = chord.shift ? [mac ? '⇧' : 'Shift'] : [];
    return [mac ? '⌘' : 'Ctrl', ...shift, chord.key.toUpperCase()];
  }
  if (shiftedLetter(shortcut)) return [mac ? '⇧' : 'Shift', shortcut.slice(-1).toUpperCase()];
  return [NAMES[shortcut] ?? shortcut];
}

/** The value of `aria-keyshortcuts` (WAI-ARIA names keys as KeyboardEvent.key does). */
export function ariaKeyShortcuts(shortcut: Shortcut): string {
  if (shortcut.startsWith(MOD)) {
    const chord = chordOf(shortcut);
    const key = `${chord.shift ? 'Shift+' : ''}${chord.key.toUpperCase()}`;
    return `Control+${key} Meta+${key}`;
  }
  if (shortcut === '?') return 'Shift+?';
  if (shiftedLetter(shortcut)) return `Shift+${shortcut.slice(-1).toUpperCase()}`;
  return shortcut;
}
