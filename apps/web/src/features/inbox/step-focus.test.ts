import { describe, expect, it } from 'vitest';
import { stepFocus } from './step-focus.ts';

describe('stepFocus (j/k in the inbox)', () => {
  it('starts at the top with j and at the bottom with k', () => {
    expect(stepFocus(-1, 1, 3)).toBe(0);
    expect(stepFocus(-1, -1, 3)).toBe(2);
  });

  it('moves one row and stops at either end', () => {
    expect(stepFocus(0, 1, 3)).toBe(1);
    expect(stepFocus(2, 1, 3)).toBe(2);
    expect(stepFocus(1, -1, 3)).toBe(0);
    expect(stepFocus(0, -1, 3)).toBe(0);
  });

  it('has nowhere to go without rows, and recovers when rows went away', () => {
    expect(stepFocus(-1, 1, 0)).toBe(-1);
    expect(stepFocus(5, 1, 3)).toBe(0);
  });
});
