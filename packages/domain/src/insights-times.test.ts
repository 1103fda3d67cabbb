import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf, durationStats, issueTimes, percentile } from './insights-times.ts';
import { testIssue } from './test-fixtures.ts';

const DAY_MS = 86_400_000;
const at = (day: string, hours = 12) => new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3.6e6);

describe('issueTimes', () => {
  const done = (number: number, created: string, started: string | null, completed: string) =>
    testIssue({
      number,
      createdAt: at(created).toISOString(),
      startedAt: started ? at(started).toISOString() : null,
      completedAt: at(completed).toISOString(),
    });

  it('reads lead and cycle time of issues completed in the range, in days', () => {
    const issues = [
      done(1, '2026-03-01', '2026-03-03', '2026-03-05'), // lead 4, cycle 2
      done(2, '2026-03-01', null, '2026-03-02'), // lead 1, never started
      done(3, '2026-01-01', '2026-01-02', '2026-01-03'), // done before the range
      testIssue({ number: 4, createdAt: at('2026-03-01').toISOString() }), // open
    ];
    const times = issueTimes({ issues, today: '2026-03-10', days: 30 });
    expect(times.lead.count).toBe(2);
    expect(times.lead.median).toBe(2.5);
    expect(times.lead.buckets).toEqual([0, 1, 0, 1, 0, 0, 0, 0]);
    expect(times.cycle).toEqual({ count: 1, buckets: [0, 0, 1, 0, 0, 0, 0, 0], median: 2, p85: 2 });
  });

  it('counts completions on the range’s first and last days, and none after today', () => {
    const issues = [
      done(1, '2026-02-01', null, '2026-03-01'),
      done(2, '2026-02-01', null, '2026-03-10'),
      done(3, '2026-02-01', null, '2026-03-11'),
    ];
    expect(issueTimes({ issues, today: '2026-03-10', days: 10 }).lead.count).toBe(2);
  });

  it('takes a start stamped after the completion as no time at all', () => {
    const issues = [done(1, '2026-03-01', '2026-03-06', '2026-03-05')];
    expect(issueTimes({ issues, today: '2026-03-10' }).cycle.median).toBe(0);
  });
});

describe('durationStats', () => {
  it('puts each duration in one bucket by its lower bound', () => {
    expect([0, 0.99, 1, 3.9, 6.5, 7, 20, 45, 60, 400].map(bucketOf)).toEqual([
      0, 0, 1, 2, 3, 4, 5, 6, 7, 7,
    ]);
  });

  it('has no median or percentile without durations', () => {
    expect(durationStats([])).toEqual({
      count: 0,
      buckets: [0, 0, 0, 0, 0, 0, 0, 0],
      median: null,
      p85: null,
    });
  });

  it('interpolates between ranks', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.85)).toBe(9.5);
  });

  it('counts every duration once, with median ≤ 85th percentile within the range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { maxLength: 60 }),
        (ds) => {
          const stats = durationStats(ds);
          expect(stats.buckets.reduce((a, b) => a + b, 0)).toBe(ds.length);
          if (ds.length === 0) return;
          expect(stats.median!).toBeLessThanOrEqual(stats.p85!);
          expect(stats.median!).toBeGreaterThanOrEqual(Math.min(...ds));
          expect(stats.p85!).toBeLessThanOrEqual(Math.max(...ds));
          // At least half the durations are at or below the median.
          expect(ds.filter((d) => d <= stats.median!).length * 2).toBeGreaterThanOrEqual(ds.length);
        },
      ),
    );
  });

  it('sorts 10,000 durations quickly', () => {
    const ds = Array.from({ length: 10_000 }, (_, i) => ((i * 7919) % 1000) / 10);
    const started = performance.now();
    durationStats(ds);
    expect(performance.now() - started).toBeLessThan(50);
    expect(DAY_MS).toBe(86_400_000);
  });
});
