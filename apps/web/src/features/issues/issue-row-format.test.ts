import { describe, expect, it } from 'vitest';
import { formatDueDate, subIssueFigure, subIssueSentence } from './issue-row-format.ts';

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

describe('sub-issue progress', () => {
  it('reads as a figure and as words', () => {
    expect(subIssueFigure({ done: 3, total: 5 })).toBe('3/5');
    expect(subIssueSentence({ done: 3, total: 5 })).toBe('3 of 5 sub-issues done');
    expect(subIssueSentence({ done: 0, total: 1 })).toBe('0 of 1 sub-issue done');
  });
});
