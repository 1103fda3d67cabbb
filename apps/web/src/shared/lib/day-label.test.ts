import { describe, expect, it } from 'vitest';
import { dayLabel } from './day-label.ts';

describe('dayLabel', () => {
  it('leaves out the year of the current year, and says it otherwise', () => {
    // In the reader's language: compared with the browser's own words, not English ones.
    const words = (day: string, year: boolean) =>
      new Date(`${day}T00:00:00.000Z`).toLocaleDateString(undefined, {
        month: 'short',
        day: 'numeric',
        ...(year ? { year: 'numeric' } : {}),
        timeZone: 'UTC',
      });
    expect(dayLabel('2026-01-31', '2026-11-27')).toBe(words('2026-01-31', false));
    expect(dayLabel('2027-01-31', '2026-11-27')).toBe(words('2027-01-31', true));
    expect(words('2027-01-31', true)).not.toBe(words('2027-01-31', false));
  });

  it('gives back what is not a day as it is', () => {
    expect(dayLabel('someday', '2026-11-27')).toBe('someday');
  });
});
