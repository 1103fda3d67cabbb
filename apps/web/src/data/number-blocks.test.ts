import { describe, expect, it } from 'vitest';
import {
  EMPTY_BLOCKS,
  addRange,
  needsTopUp,
  parseBlocks,
  remainingNumbers,
  takeNumber,
  type NumberBlocks,
} from './number-blocks.ts';

const blocks = (...ranges: [number, number][]): NumberBlocks => ({
  ranges: ranges.map(([start, end]) => ({ start, end })),
  lastTaken: 0,
});

describe('number blocks', () => {
  it('counts what is left across ranges', () => {
    expect(remainingNumbers(EMPTY_BLOCKS)).toBe(0);
    expect(remainingNumbers(blocks([1, 20], [41, 60]))).toBe(40);
  });

  it('hands out numbers in order and moves to the next range', () => {
    let state = blocks([19, 20], [41, 60]);
    const taken: number[] = [];
    for (let i = 0; i < 3; i++) {
      const next = takeNumber(state);
      if (!next) throw new Error('ran out');
      taken.push(next.number);
      state = next.blocks;
    }
    expect(taken).toEqual([19, 20, 41]);
    expect(remainingNumbers(state)).toBe(19);
  });

  it('has nothing to give when empty', () => {
    expect(takeNumber(EMPTY_BLOCKS)).toBeNull();
  });

  it('asks for more below ten', () => {
    expect(needsTopUp(blocks([1, 10]))).toBe(false);
    expect(needsTopUp(blocks([1, 9]))).toBe(true);
    expect(needsTopUp(EMPTY_BLOCKS)).toBe(true);
  });

  it('keeps ranges sorted and refuses overlapping or malformed ones', () => {
    let state = addRange(EMPTY_BLOCKS, { start: 41, end: 60 });
    state = addRange(state, { start: 1, end: 20 });
    expect(state.ranges.map((r) => r.start)).toEqual([1, 41]);
    expect(addRange(state, { start: 15, end: 30 })).toBe(state);
    expect(addRange(state, { start: 70, end: 65 })).toBe(state);
  });

  it('never hands out the same number twice, whatever is added', () => {
    let state = addRange(EMPTY_BLOCKS, { start: 1, end: 5 });
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = takeNumber(state);
      if (!next) break;
      seen.push(next.number);
      state = addRange(next.blocks, { start: 3, end: 7 }); // partly handed out or held
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('cuts off numbers at or below the last one handed out', () => {
    const state = { ranges: [], lastTaken: 10 };
    expect(addRange(state, { start: 5, end: 20 }).ranges).toEqual([{ start: 11, end: 20 }]);
    expect(addRange(state, { start: 1, end: 10 })).toBe(state);
  });

  it('reads stored blocks and drops junk', () => {
    expect(parseBlocks({ ranges: [{ start: 1, end: 20 }, { start: 'x' }] })).toEqual(
      blocks([1, 20]),
    );
    expect(parseBlocks({ ranges: [{ start: 1, end: 20 }], lastTaken: 4 })).toEqual({
      ranges: [{ start: 5, end: 20 }],
      lastTaken: 4,
    });
    expect(parseBlocks(null)).toBeNull();
    expect(parseBlocks({})).toBeNull();
  });
});
