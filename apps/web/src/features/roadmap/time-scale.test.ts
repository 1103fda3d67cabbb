import { describe, expect, it } from 'vitest';
import {
  addDays,
  clampPlan,
  daysOfOffset,
  drawnPlan,
  movePlan,
  ticks,
  timeScale,
  withDrawnEnd,
  xOfDay,
} from './time-scale.ts';

describe('timeScale', () => {
  it('starts a month before the month holding today and runs at least a year ahead', () => {
    const scale = timeScale([], '2027-03-15', 'months');
    expect(xOfDay(scale, '2027-02-01')).toBe(0);
    expect(xOfDay(scale, '2027-03-15')).toBe((28 + 14) * 4);
    expect(scale.end - scale.first).toBeGreaterThan(365);
    expect(scale.width).toBe((scale.end - scale.first) * 4);
  });

  it('reaches back to the earliest day shown and past the latest', () => {
    const scale = timeScale(['2026-11-20', '2029-01-10'], '2027-03-15', 'months');
    expect(xOfDay(scale, '2026-10-01')).toBe(0);
    // The month after the latest day is drawn too, and one to spare.
    expect(xOfDay(scale, '2029-03-01')).toBe(scale.width);
  });

  it('aligns quarters to January, April, July and October', () => {
    const scale = timeScale([], '2027-05-20', 'quarters');
    expect(xOfDay(scale, '2027-01-01')).toBe(0);
    const quarters = ticks(scale);
    expect(quarters.slice(0, 3).map((t) => [t.day, t.label])).toEqual([
      ['2027-01-01', 'Q1 2027'],
      ['2027-04-01', 'Q2 2027'],
      ['2027-07-01', 'Q3 2027'],
    ]);
    expect(quarters[0]!.width).toBeCloseTo(90 * 1.6);
    // The ticks tile the scale exactly.
    const last = quarters.at(-1)!;
    expect(last.x + last.width).toBeCloseTo(scale.width);
  });

  it('gives each month its own width, February shortest', () => {
    const months = ticks(timeScale([], '2027-01-10', 'months'));
    const feb = months.find((t) => t.day === '2027-02-01')!;
    const mar = months.find((t) => t.day === '2027-03-01')!;
    expect(feb.width).toBe(28 * 4);
    expect(mar.x - feb.x).toBe(feb.width);
  });
});

describe('pixels to days', () => {
  const scale = timeScale([], '2027-03-15', 'months');
  it('snaps to whole days, either way', () => {
    expect(daysOfOffset(scale, 1)).toBe(0);
    expect(daysOfOffset(scale, -1)).toBe(0);
    expect(daysOfOffset(scale, 3)).toBe(1);
    expect(daysOfOffset(scale, -29)).toBe(-7);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('movePlan', () => {
  const plan = { startsOn: '2027-03-01', targetOn: '2027-03-31' };

  it('moves both days of a bar', () => {
    expect(movePlan(plan, 'move', 7)).toEqual({ startsOn: '2027-03-08', targetOn: '2027-04-07' });
  });

  it('never lets an end pass the other', () => {
    expect(movePlan(plan, 'start', 40)).toEqual({ ...plan, startsOn: '2027-03-31' });
    expect(movePlan(plan, 'end', -40)).toEqual({ ...plan, targetOn: '2027-03-01' });
    expect(movePlan(plan, 'end', 2)).toEqual({ ...plan, targetOn: '2027-04-02' });
  });

  it('moves only the days a project has, and sets a missing end from the other', () => {
    const started = { startsOn: '2027-03-01', targetOn: null };
    expect(movePlan(started, 'move', 1)).toEqual({ startsOn: '2027-03-02', targetOn: null });
    expect(movePlan(started, 'end', 10)).toEqual({
      startsOn: '2027-03-01',
      targetOn: '2027-03-11',
    });
    expect(movePlan({ startsOn: null, targetOn: null }, 'end', 3)).toEqual({
      startsOn: null,
      targetOn: null,
    });
  });
});

describe('a bar with one day', () => {
  const started = { startsOn: '2027-03-01', targetOn: null };
  it('is drawn two weeks towards the day it lacks', () => {
    expect(drawnPlan(started)).toEqual({ startsOn: '2027-03-01', targetOn: '2027-03-14' });
    expect(drawnPlan({ startsOn: null, targetOn: '2027-03-14' })).toEqual({
      startsOn: '2027-03-01',
      targetOn: '2027-03-14',
    });
  });

  it('gets its missing end where that end was drawn, once it is moved', () => {
    expect(movePlan(withDrawnEnd(started, 'end'), 'end', 2)).toEqual({
      startsOn: '2027-03-01',
      targetOn: '2027-03-16',
    });
    // Moving the whole bar or the end it has keeps the other one missing.
    expect(withDrawnEnd(started, 'move')).toBe(started);
    expect(withDrawnEnd(started, 'start')).toEqual(started);
  });
});

describe('clampPlan', () => {
  const scale = timeScale([], '2027-03-15', 'months'); // from 2027-02-01
  it('stops a moved bar at the edge keeping its length', () => {
    const before = { startsOn: '2027-02-05', targetOn: '2027-02-15' };
    const after = movePlan(before, 'move', -10);
    expect(clampPlan(scale, before, after)).toEqual({
      startsOn: '2027-02-01',
      targetOn: '2027-02-11',
    });
  });

  it('stops a dragged end at the edge', () => {
    const before = { startsOn: '2027-02-05', targetOn: '2027-02-15' };
    const after = movePlan(before, 'start', -30);
    expect(clampPlan(scale, before, after)).toEqual({
      startsOn: '2027-02-01',
      targetOn: '2027-02-15',
    });
  });
});
