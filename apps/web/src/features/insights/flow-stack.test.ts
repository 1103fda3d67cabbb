import { describe, expect, it } from 'vitest';
import { STATE_CATEGORIES, type CumulativeFlow } from '@keel/domain';
import { durationLabel, STACK_ORDER } from './format.ts';
import { stackFlow } from './flow-stack.ts';

describe('stackFlow', () => {
  it('stacks every category, finished ones at the bottom, the total on top', () => {
    const flow: CumulativeFlow = {
      days: ['2026-03-01', '2026-03-02'],
      counts: {
        backlog: [1, 2],
        unstarted: [0, 1],
        started: [2, 0],
        completed: [0, 3],
        canceled: [1, 1],
      },
    };
    const { data, max } = stackFlow(flow, false);
    expect(data[0]).toEqual([1_772_323_200, 1_772_409_600]);
    expect(data.slice(1)).toEqual([
      [4, 7],
      [3, 5],
      [3, 4],
      [1, 4],
      [1, 1],
    ]);
    expect(max).toBe(7);
  });

  it('starts from none the day before the first issue, when asked', () => {
    const flow: CumulativeFlow = {
      days: ['2026-03-01'],
      counts: { backlog: [1], unstarted: [0], started: [0], completed: [2], canceled: [0] },
    };
    const stacked = stackFlow(flow, true);
    expect(stacked.flow.days).toEqual(['2026-02-28', '2026-03-01']);
    expect(stacked.flow.counts.completed).toEqual([0, 2]);
    expect(stacked.data[1]).toEqual([0, 3]);
    expect(stackFlow({ days: [], counts: flow.counts }, true).flow.days).toEqual([]);
  });

  it('names each category once', () => {
    expect([...STACK_ORDER].sort()).toEqual([...STATE_CATEGORIES].sort());
  });
});

describe('durationLabel', () => {
  it('says hours, days or weeks', () => {
    expect([0.01, 0.5, 1, 2.34, 20].map(durationLabel)).toEqual([
      'under an hour',
      '12 hours',
      '1 day',
      '2.3 days',
      '2.9 weeks',
    ]);
  });
});
