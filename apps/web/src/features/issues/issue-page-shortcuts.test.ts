import { describe, expect, it } from 'vitest';
import { propertyForKey } from './issue-page-shortcuts.ts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('propertyForKey', () => {
  it('maps s, p, a, l to their comboboxes', () => {
    expect(['s', 'p', 'a', 'L'].map((k) => propertyForKey(key(k)))).toEqual([
      'State',
      'Priority',
      'Assignee',
      'Labels',
    ]);
  });

  it('ignores other keys and chords such as Ctrl+S', () => {
    expect(propertyForKey(key('x'))).toBeNull();
    expect(propertyForKey(key('s', { ctrlKey: true }))).toBeNull();
    expect(propertyForKey(key('a', { metaKey: true }))).toBeNull();
  });
});
