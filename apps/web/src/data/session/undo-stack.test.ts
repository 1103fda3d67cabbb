import { describe, expect, it } from 'vitest';
import { UndoStack, type UndoEntry } from './undo-stack.ts';

const entry = (label: string): UndoEntry => ({
  label,
  undo: () => Promise.resolve({ ok: true }),
});

describe('UndoStack', () => {
  it('gives back the newest change first, each once', () => {
    const stack = new UndoStack();
    const [a, b] = [entry('a'), entry('b')];
    stack.push(a);
    stack.push(b);
    expect(stack.pop()).toBe(b);
    expect(stack.pop()).toBe(a);
    expect(stack.pop()).toBeUndefined();
  });

  it('takes a particular change off once, leaving the others in order', () => {
    const stack = new UndoStack();
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    for (const e of [a, b, c]) stack.push(e);
    expect(stack.take(b)).toBe(true);
    expect(stack.take(b)).toBe(false);
    expect(stack.pop()).toBe(c);
    expect(stack.pop()).toBe(a);
  });

  it('keeps the last fifty', () => {
    const stack = new UndoStack();
    const all = Array.from({ length: 60 }, (_, i) => entry(String(i)));
    for (const e of all) stack.push(e);
    expect(stack.size).toBe(50);
    expect(stack.pop()).toBe(all[59]);
  });
});
