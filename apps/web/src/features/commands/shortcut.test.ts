import { describe, expect, it } from 'vitest';
import { ariaKeyShortcuts, matchesShortcut, shortcutKeys } from './shortcut.ts';

const key = (
  k: string,
  mods: Partial<{
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    shiftKey: boolean;
    code: string;
  }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('matchesShortcut', () => {
  it('matches bare keys, tolerating caps lock on letters', () => {
    expect(matchesShortcut(key('c'), 'c')).toBe(true);
    expect(matchesShortcut(key('C'), 'c')).toBe(true);
    expect(matchesShortcut(key('/'), '/')).toBe(true);
    expect(matchesShortcut(key('?'), '?')).toBe(true);
    expect(matchesShortcut(key('Enter'), 'Enter')).toBe(true);
    expect(matchesShortcut(key('Escape'), 'Escape')).toBe(true);
  });

  it('tells a letter with Shift held (shift+c) from the bare letter; ? is typed with Shift', () => {
    expect(matchesShortcut(key('C', { shiftKey: true }), 'shift+c')).toBe(true);
    expect(matchesShortcut(key('c'), 'shift+c')).toBe(false);
    expect(matchesShortcut(key('C'), 'shift+c')).toBe(false);
    expect(matchesShortcut(key('C', { shiftKey: true }), 'c')).toBe(false);
    expect(matchesShortcut(key('?', { shiftKey: true }), '?')).toBe(true);
    expect(shortcutKeys('shift+c', true)).toEqual(['⇧', 'C']);
    expect(shortcutKeys('shift+c', false)).toEqual(['Shift', 'C']);
    expect(ariaKeyShortcuts('shift+c')).toBe('Shift+C');
  });

  it('refuses a bare key held with a modifier, and other keys', () => {
    expect(matchesShortcut(key('c', { ctrlKey: true }), 'c')).toBe(false);
    expect(matchesShortcut(key('c', { metaKey: true }), 'c')).toBe(false);
    expect(matchesShortcut(key('c', { altKey: true }), 'c')).toBe(false);
    expect(matchesShortcut(key('x'), 'c')).toBe(false);
    expect(matchesShortcut(key('enter'), 'Enter')).toBe(false);
  });

  it('matches mod+k with Ctrl or Cmd, never bare k or with Alt', () => {
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'mod+k')).toBe(true);
    expect(matchesShortcut(key('K', { metaKey: true }), 'mod+k')).toBe(true);
    expect(matchesShortcut(key('k'), 'mod+k')).toBe(false);
    expect(matchesShortcut(key('k', { ctrlKey: true, altKey: true }), 'mod+k')).toBe(false);
    expect(matchesShortcut(key('j', { ctrlKey: true }), 'mod+k')).toBe(false);
  });

  it('keeps Shift apart in chords: Ctrl/Cmd+Shift+Z is not Ctrl/Cmd+Z', () => {
    expect(matchesShortcut(key('z', { ctrlKey: true }), 'mod+z')).toBe(true);
    expect(matchesShortcut(key('Z', { ctrlKey: true, shiftKey: true }), 'mod+z')).toBe(false);
    expect(matchesShortcut(key('z', { metaKey: true, shiftKey: true }), 'mod+z')).toBe(false);
  });

  it('matches Ctrl/Cmd+Shift+punctuation by the character or the physical key', () => {
    const comma = { ctrlKey: true, shiftKey: true, code: 'Comma' };
    // A US layout types "<" with Shift held; another layout may still say ",".
    expect(matchesShortcut(key('<', comma), 'mod+shift+,')).toBe(true);
    expect(matchesShortcut(key(',', { ...comma, code: 'KeyM' }), 'mod+shift+,')).toBe(true);
    expect(
      matchesShortcut(key('>', { metaKey: true, shiftKey: true, code: 'Period' }), 'mod+shift+.'),
    ).toBe(true);
    expect(matchesShortcut(key(',', { ctrlKey: true, code: 'Comma' }), 'mod+shift+,')).toBe(false);
    expect(matchesShortcut(key('<', { shiftKey: true, code: 'Comma' }), 'mod+shift+,')).toBe(false);
    expect(matchesShortcut(key('>', { ...comma, code: 'Period' }), 'mod+shift+,')).toBe(false);
  });
});

describe('shortcut labels', () => {
  it('prints the platform command key', () => {
    expect(shortcutKeys('mod+k', true)).toEqual(['⌘', 'K']);
    expect(shortcutKeys('mod+k', false)).toEqual(['Ctrl', 'K']);
    expect(shortcutKeys('Escape', false)).toEqual(['Esc']);
    expect(shortcutKeys('c', false)).toEqual(['c']);
    expect(shortcutKeys('mod+shift+,', true)).toEqual(['⌘', '⇧', ',']);
    expect(shortcutKeys('mod+shift+.', false)).toEqual(['Ctrl', 'Shift', '.']);
  });

  it('names keys for aria-keyshortcuts', () => {
    expect(ariaKeyShortcuts('mod+k')).toBe('Control+K Meta+K');
    expect(ariaKeyShortcuts('?')).toBe('Shift+?');
    expect(ariaKeyShortcuts('c')).toBe('c');
    expect(ariaKeyShortcuts('mod+shift+.')).toBe('Control+Shift+. Meta+Shift+.');
  });
});
