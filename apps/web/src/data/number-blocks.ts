import { LIMITS } from '@keel/domain';

/**
 * Issue numbers this device has reserved for one project (SPEC §9: 20 at a time), so issues can
 * be created offline with numbers no other device will use. Pure bookkeeping; storage and the
 * server call live in number-reserve.ts.
 */
export interface NumberRange {
  start: number;
  end: number; // inclusive
}

export interface NumberBlocks {
  ranges: readonly NumberRange[];
  /** The highest number already handed out; nothing at or below it is ever given again. */
  lastTaken: number;
}

export const EMPTY_BLOCKS: NumberBlocks = { ranges: [], lastTaken: 0 };

/** Top up when fewer than this many numbers are left, so a burst of issues offline still fits. */
export const TOP_UP_BELOW = LIMITS.issueNumbersPerBlock / 2;

export function remainingNumbers(blocks: NumberBlocks): number {
  return blocks.ranges.reduce((n, r) => n + Math.max(0, r.end - r.start + 1), 0);
}

export function needsTopUp(blocks: NumberBlocks): boolean {
  return remainingNumbers(blocks) < TOP_UP_BELOW;
}

/** The lowest reserved number, and the blocks without it; null when none are left. */
export function takeNumber(blocks: NumberBlocks): { number: number; blocks: NumberBlocks } | null {
  const [first, ...rest] = blocks.ranges;
  if (!first) return null;
  const ranges =
    first.start < first.end ? [{ start: first.start + 1, end: first.end }, ...rest] : rest;
  return { number: first.start, blocks: { ranges, lastTaken: first.start } };
}

/**
 * Add a range the server reserved. Numbers already handed out are cut off; a range that overlaps
 * one still held, or is malformed, is ignored.
 */
export function addRange(blocks: NumberBlocks, range: NumberRange): NumberBlocks {
  if (!Number.isInteger(range.start) || !Number.isInteger(range.end)) return blocks;
  const start = Math.max(range.start, blocks.lastTaken + 1);
  if (range.end < start) return blocks;
  const overlaps = blocks.ranges.some((r) => start <= r.end && r.start <= range.end);
  if (overlaps) return blocks;
  const ranges = [...blocks.ranges, { start, end: range.end }].sort((a, b) => a.start - b.start);
  return { ranges, lastTaken: blocks.lastTaken };
}

/** Read stored blocks defensively (they come from localStorage). */
export function parseBlocks(value: unknown): NumberBlocks | null {
  if (typeof value !== 'object' || value === null) return null;
  const { ranges, lastTaken } = value as { ranges?: unknown; lastTaken?: unknown };
  if (!Array.isArray(ranges)) return null;
  const base = { ranges: [], lastTaken: typeof lastTaken === 'number' ? lastTaken : 0 };
  return ranges.reduce<NumberBlocks>((acc, r: unknown) => {
    const { start, end } = (r ?? {}) as { start?: unknown; end?: unknown };
    return typeof start === 'number' && typeof end === 'number'
      ? addRange(acc, { start, end })
      : acc;
  }, base);
}
