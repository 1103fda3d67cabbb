import { describe, expect, it } from 'vitest';
import { arrowStep } from './roadmap-keys.ts';

const key = (
  k: string,
  mods: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {},
) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('arrowStep', () => {
  it('moves a day, or a week with Shift', () => {
    expect(arrowStep(key('ArrowRight'))).toBe(1);
    expect(arrowStep(key('ArrowLeft'))).toBe(-1);
    expect(arrowStep(key('ArrowLeft', { shiftKey: true }))).toBe(-7);
  });

  it('leaves other keys and the browser’s chords alone', () => {
    expect(arrowStep(key('ArrowUp'))).toBe(0);
    expect(arrowStep(key('ArrowRight', { ctrlKey: true }))).toBe(0);
    expect(arrowStep(key('ArrowRight', { metaKey: true }))).toBe(0);
  });
});
