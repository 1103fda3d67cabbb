import { describe, expect, it } from 'vitest';
import { instanceShare, RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  it('lets `limit` attempts through per window and refuses the next, per key', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    now = 59_999;
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.retryAfterSeconds('a')).toBe(1);
    now = 60_000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('counts a weighted attempt as many, and lets a large one through only in a fresh window', () => {
    let now = 0;
    const limiter = new RateLimiter(600, 60_000, () => now);
    expect(limiter.hit('u', 250)).toBe(true);
    expect(limiter.hit('u', 250)).toBe(true);
    expect(limiter.hit('u', 250)).toBe(true); // 500 before it: under the limit
    expect(limiter.hit('u', 1)).toBe(false);
    now = 60_000;
    expect(limiter.hit('u', 1_000)).toBe(true);
    expect(limiter.hit('u', 1)).toBe(false);
  });

  it('starts a new window when the clock goes backwards instead of locking a key out', () => {
    let now = 100_000;
    const limiter = new RateLimiter(1, 60_000, () => now);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
    now = 0;
    expect(limiter.hit('a')).toBe(true);
  });

  it('gives each of several instances its share, rounded down, and never less than one', () => {
    expect(instanceShare(600, 1)).toBe(600);
    expect(instanceShare(600, 2)).toBe(300);
    expect(instanceShare(10, 3)).toBe(3);
    expect(instanceShare(20, 40)).toBe(1);
  });
});
