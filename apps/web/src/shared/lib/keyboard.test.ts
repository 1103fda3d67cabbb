import { describe, expect, it } from 'vitest';
import { isPlainKey, isSubmitChord, isTypingTarget } from './keyboard.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('isTypingTarget', () => {
  it('treats text inputs, textareas, selects and editable content as typing', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('lets shortcuts through on buttons, checkboxes and the page itself', () => {
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BODY' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('isPlainKey', () => {
  it('matches the bare key in either case and refuses modifiers', () => {
    expect(isPlainKey(key('c'), 'c')).toBe(true);
    expect(isPlainKey(key('C'), 'c')).toBe(true);
    expect(isPlainKey(key('c', { metaKey: true }), 'c')).toBe(false);
    expect(isPlainKey(key('c', { ctrlKey: true }), 'c')).toBe(false);
    expect(isPlainKey(key('x'), 'c')).toBe(false);
  });
});

describe('isSubmitChord', () => {
  it('is Ctrl+Enter or Cmd+Enter only', () => {
    expect(isSubmitChord(key('Enter', { ctrlKey: true }))).toBe(true);
    expect(isSubmitChord(key('Enter', { metaKey: true }))).toBe(true);
    expect(isSubmitChord(key('Enter'))).toBe(false);
  });
});
