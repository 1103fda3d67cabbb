import { describe, expect, it } from 'vitest';
import { ariaKeyShortcuts, matchesShortcut, shortcutKeys } from './shortcut.ts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
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
});

describe('shortcut labels', () => {
  it('prints the platform command key', () => {
    expect(shortcutKeys('mod+k', true)).toEqual(['⌘', 'K']);
    expect(shortcutKeys('mod+k', false)).toEqual(['Ctrl', 'K']);
    expect(shortcutKeys('Escape', false)).toEqual(['Esc']);
    expect(shortcutKeys('c', false)).toEqual(['c']);
  });

  it('names keys for aria-keyshortcuts', () => {
    expect(ariaKeyShortcuts('mod+k')).toBe('Control+K Meta+K');
    expect(ariaKeyShortcuts('?')).toBe('Shift+?');
    expect(ariaKeyShortcuts('c')).toBe('c');
  });
});
