import { describe, expect, it } from 'vitest';
import { formatDateTime, timeAgo } from './format-time.ts';

const now = new Date('2025-06-10T12:00:00Z');

describe('timeAgo', () => {
  it('says just now for the last minute', () => {
    expect(timeAgo('2025-06-10T11:59:30Z', now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(timeAgo('2025-06-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-06-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2025-06-09T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2025-05-20T12:00:00Z', now)).toBe('3 weeks ago');
  });

  it('says just now for a time ahead of this clock (another device runs fast)', () => {
    expect(timeAgo('2025-06-10T19:00:00Z', now)).toBe('just now');
    expect(timeAgo('2025-06-11T12:00:00Z', now)).toBe('just now');
  });

  it('returns nothing for a date it cannot read', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('formats a timestamp as date and time, the same on each call', () => {
    const first = formatDateTime('2025-06-10T11:55:00Z');
    expect(first).toMatch(/Jun 10, 2025/);
    expect(formatDateTime('2025-06-10T11:55:00Z')).toBe(first);
  });

  it('returns nothing for a date it cannot read', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
