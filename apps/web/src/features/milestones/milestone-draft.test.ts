import { describe, expect, it } from 'vitest';
import { LIMITS } from '@keel/domain';
import { validateMilestoneDraft } from './milestone-draft.ts';

describe('validateMilestoneDraft', () => {
  it('takes a name of 1–80 characters and an optional real day', () => {
    expect(validateMilestoneDraft({ name: 'Beta', targetOn: '' }, 0, true)).toEqual({});
    expect(validateMilestoneDraft({ name: 'Beta', targetOn: '2027-01-31' }, 0, true)).toEqual({});
    expect(validateMilestoneDraft({ name: '   ', targetOn: '' }, 0, true).name).toBe(
      'Milestone name is required',
    );
    expect(validateMilestoneDraft({ name: 'x'.repeat(81), targetOn: '' }, 0, true).name).toMatch(
      /80/,
    );
    expect(validateMilestoneDraft({ name: 'Beta', targetOn: '2027-02-30' }, 0, true)).toEqual({
      targetOn: 'Target date must be a real date (YYYY-MM-DD)',
    });
  });

  it('refuses a new milestone past the project’s limit, never an edit', () => {
    const full = LIMITS.milestonesPerProject;
    expect(validateMilestoneDraft({ name: 'One more', targetOn: '' }, full, true).name).toMatch(
      /at most 100/,
    );
    expect(validateMilestoneDraft({ name: 'Renamed', targetOn: '' }, full, false)).toEqual({});
  });
});
