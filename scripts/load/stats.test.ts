import { describe, expect, it } from 'vitest';
import { atMost, Histogram, info, markdownTable, percentile, Tally } from './stats.ts';

describe('Histogram', () => {
  it('gives nearest-rank percentiles to the millisecond', () => {
    const h = new Histogram(1_000);
    for (let ms = 1; ms <= 100; ms++) h.record(ms);
    expect(h.percentile(50)).toBe(50);
    expect(h.percentile(95)).toBe(95);
    expect(h.percentile(99)).toBe(99);
    expect(h.percentile(100)).toBe(100);
    expect(h.count).toBe(100);
    expect(h.max).toBe(100);
    expect(h.mean).toBeCloseTo(50.5);
  });

  it('rounds to whole milliseconds and keeps the true largest past its range', () => {
    const h = new Histogram(10);
    h.record(0.4);
    h.record(2.6);
    h.record(5_000);
    expect(h.percentile(1)).toBe(0);
    expect(h.percentile(50)).toBe(3);
    expect(h.percentile(99)).toBe(5_000);
    expect(h.max).toBe(5_000);
  });

  it('has no figures without samples', () => {
    const h = new Histogram(10);
    expect(h.percentile(50)).toBeNull();
    expect(h.max).toBeNull();
    expect(h.mean).toBeNull();
  });
});

describe('percentile', () => {
  it('is nearest rank over unsorted samples', () => {
    expect(percentile([30, 10, 20, 40], 50)).toBe(20);
    expect(percentile([30, 10, 20, 40], 99)).toBe(40);
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('Tally', () => {
  it('counts by label, largest first', () => {
    const t = new Tally();
    t.add('GET _changes 502');
    t.add('PUT _local 429', 3);
    t.add('GET _changes 502');
    expect(t.total).toBe(5);
    expect(t.entries()).toEqual([
      ['PUT _local 429', 3],
      ['GET _changes 502', 2],
    ]);
  });
});

describe('the table of figures', () => {
  it('marks each figure against its target, and none without one', () => {
    const table = markdownTable([
      atMost('server memory', 300.4, 256, 'MB'),
      atMost('errors', 0, 0, ''),
      atMost('/healthz', 12.345, 50, 'ms', 1),
      atMost('not measured', null, 10, 'ms'),
      info('devices live', '10 of 10'),
    ]);
    expect(table.split('\n')).toEqual([
      '| what | measured | target | |',
      '| --- | --- | --- | --- |',
      '| server memory | 300 MB | ≤ 256 MB | missed |',
      '| errors | 0 | ≤ 0 | met |',
      '| /healthz | 12.3 ms | ≤ 50.0 ms | met |',
      '| not measured | n/a | ≤ 10 ms |  |',
      '| devices live | 10 of 10 | — |  |',
    ]);
  });

  it('writes thousands with separators', () => {
    expect(atMost('latency', 19_700, 250, 'ms').value).toBe('19,700 ms');
  });
});
