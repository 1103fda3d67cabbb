import { describe, expect, it } from 'vitest';
import { parseSeedArgs, SeedUsageError } from './seed-args.ts';

describe('the seed command line', () => {
  it('gives each project 50 cycles unless told otherwise, and none with 0', () => {
    expect(parseSeedArgs([]).cyclesPerProject).toBe(50);
    expect(parseSeedArgs(['--cycles', '0']).cyclesPerProject).toBe(0);
    expect(parseSeedArgs(['--cycles', '3']).cyclesPerProject).toBe(3);
  });

  it('refuses a cycle count with no room for the current and two planned, or past 500', () => {
    for (const bad of ['1', '2', '501', 'many', '-4'])
      expect(() => parseSeedArgs(['--cycles', bad]), bad).toThrow(SeedUsageError);
    expect(() => parseSeedArgs(['--cycles', '2'])).toThrow(
      '--cycles takes 0 (no cycles) or 3 to 500 (got "2").',
    );
  });

  it('shares 50 milestones out over the projects unless told otherwise, at most 100 each', () => {
    expect(parseSeedArgs([]).milestones).toBe(50);
    expect(parseSeedArgs(['--milestones', '0']).milestones).toBe(0);
    expect(parseSeedArgs(['--milestones', '400']).milestones).toBe(400);
    expect(() => parseSeedArgs(['--milestones', '401'])).toThrow(
      '--milestones takes a whole number from 0 to 400 (got "401").',
    );
  });
});
