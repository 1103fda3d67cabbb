import { describe, expect, it } from 'vitest';
import { formatDueDate } from './issue-row-format.ts';

describe('formatDueDate', () => {
  const today = new Date('2026-06-15T12:00:00Z');
  it('shows month and day this year, and the year otherwise', () => {
    expect(formatDueDate('2026-03-03', today)).toBe('Mar 3');
    expect(formatDueDate('2027-01-31', today)).toBe('Jan 31, 2027');
  });
  it('keeps a malformed value as it is', () => {
    expect(formatDueDate('someday', today)).toBe('someday');
  });
});
