import { describe, expect, it } from 'vitest';
import { opensInPlace, type ClickLike } from './plain-click.ts';

const click = (over: Partial<ClickLike> = {}): ClickLike => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...over,
});

describe('opensInPlace', () => {
  it('opens a plain left click in the app', () => {
    expect(opensInPlace(click())).toBe(true);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
    ['the right button', { button: 2 }],
    ['a click already handled', { defaultPrevented: true }],
  ])('leaves a click with %s to the browser', (_, over) => {
    expect(opensInPlace(click(over))).toBe(false);
  });
});
