import { describe, expect, it } from 'vitest';
import { mergeText } from './text-merge.ts';

describe('mergeText', () => {
  it('keeps edits of different lines from both sides', () => {
    const base = 'Steps:\n1. Open the app\n2. Sign in\n3. See the crash\n';
    const a = 'Steps:\n1. Open the app on Safari\n2. Sign in\n3. See the crash\n';
    const b = 'Steps:\n1. Open the app\n2. Sign in\n3. See the crash\n\nExpected: no crash\n';
    expect(mergeText(base, a, b)).toBe(
      'Steps:\n1. Open the app on Safari\n2. Sign in\n3. See the crash\n\nExpected: no crash\n',
    );
  });

  it('keeps edits of different words of one line from both sides', () => {
    expect(
      mergeText('Fix the login crash', 'Fix the login crash on Safari', 'Fix login crash'),
    ).toBe('Fix login crash on Safari');
    expect(mergeText('a b c d e', 'a X c d e', 'a b c Y e')).toBe('a X c Y e');
  });

  it('gives up when both sides changed the same words differently', () => {
    expect(mergeText('Fix the login crash', 'Fix the signup crash', 'Fix the logout crash')).toBe(
      null,
    );
    expect(mergeText('one\ntwo\n', 'one\nTWO\n', 'one\nthree\n')).toBe(null);
  });

  it('takes the changed side when only one side changed, and agrees with itself', () => {
    expect(mergeText('base', 'base', 'theirs')).toBe('theirs');
    expect(mergeText('base', 'mine', 'base')).toBe('mine');
    expect(mergeText('base', 'same', 'same')).toBe('same');
    // The same change made on both sides is not a conflict.
    expect(mergeText('a b c\nd\n', 'a B c\nd\n', 'a B c\nD\n')).toBe('a B c\nD\n');
  });

  it('keeps both texts added at one place, the earlier first, apart by white space', () => {
    expect(mergeText('Hello', 'Hello world', 'Hello there')).toBe('Hello world there');
    expect(mergeText('', 'From A', 'From B')).toBe('From A From B');
    expect(mergeText('P1\n', 'P1\nA para', 'P1\nB para')).toBe('P1\nA para\nB para');
    expect(mergeText('P1\n', 'P1\nA para\n', 'P1\nB para\n')).toBe('P1\nA para\nB para\n');
  });

  it('merges a long description edited at both ends in a few milliseconds', () => {
    const paragraph = (i: number) =>
      Array.from({ length: 12 }, (_, w) => `word${(i * 7 + w * 13) % 997}`).join(' ');
    const base = Array.from({ length: 600 }, (_, i) => paragraph(i)).join('\n');
    const a = `Intro\n${base.replace('word7 ', 'changed ')}`;
    const b = `${base}\nOutro`;
    const started = performance.now();
    const merged = mergeText(base, a, b);
    expect(merged?.startsWith('Intro\n')).toBe(true);
    expect(merged?.endsWith('\nOutro')).toBe(true);
    expect(merged).toContain('changed ');
    // Not a timing assertion of the product, a guard against the quadratic path: seconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('merges the first and last words of a long one-line paragraph', () => {
    const words = Array.from({ length: 400 }, (_, i) => ['the', 'issue', `w${i}`][i % 3]);
    const line = words.join(' ');
    expect(mergeText(line, `A ${line.slice(4)}`, `${line.slice(0, -4)} end`)).toBe(
      `A ${line.slice(4, -4)} end`,
    );
  });

  it('gives up rather than stall on one huge line both sides rewrote', () => {
    const line = Array.from({ length: 8_000 }, (_, i) => `w${i % 50}`).join(' ');
    // Changed at both ends, the line's middle is too long to merge word by word.
    const merged = mergeText(line, `A ${line}`, line.replace(/w49$/, 'end'));
    expect(merged === null ? null : merged.length).toBe(null);
  });
});
