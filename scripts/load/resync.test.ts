import { describe, expect, it } from 'vitest';
import { ResyncWatch } from './resync.ts';

describe('ResyncWatch', () => {
  it("times each device's first moment in sync after the fault ended", () => {
    const watch = new ResyncWatch(3, 1_000);
    watch.look(0, 1_100, true);
    watch.look(1, 1_100, false);
    watch.look(2, 1_100, false);
    expect(watch.allBack).toBe(false);
    watch.look(1, 1_400, true);
    // Out of sync again later (new edits arrived) does not undo being back.
    watch.look(0, 1_400, false);
    watch.look(2, 2_500, true);
    watch.look(0, 3_000, true);
    expect(watch.allBack).toBe(true);
    expect(watch.figures()).toEqual({ devices: 3, never: 0, median: 400, slowest: 1_500 });
    expect(watch.slowest(2)).toEqual([2, 1]);
    expect(watch.backAfter(0)).toBe(100);
  });

  it('counts devices never back, and has no figures without any', () => {
    const watch = new ResyncWatch(2, 0);
    expect(watch.figures()).toEqual({ devices: 2, never: 2, median: null, slowest: null });
    watch.look(1, 250, true);
    expect(watch.figures()).toEqual({ devices: 2, never: 1, median: 250, slowest: 250 });
    expect(watch.slowest(2)).toEqual([0, 1]);
    expect(watch.backAfter(0)).toBeNull();
  });
});
