import { describe, expect, it } from 'vitest';
import { dayLabel } from './day-label.ts';

describe('dayLabel', () => {
  it('leaves out the year of the current year, and says it otherwise', () => {
    expect(dayLabel('2026-01-31', '2026-11-27')).toMatch(/Jan\D+31$/);
    expect(dayLabel('2027-01-31', '2026-11-27')).toMatch(/2027/);
  });

  it('gives back what is not a day as it is', () => {
    expect(dayLabel('someday', '2026-11-27')).toBe('someday');
  });
});
