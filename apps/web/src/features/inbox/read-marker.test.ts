import { describe, expect, it } from 'vitest';
import { markAllReadUpTo } from './read-marker.ts';

const T1 = '2026-11-22T10:00:00.000Z';
const T2 = '2026-11-22T11:00:00.000Z';

describe('markAllReadUpTo', () => {
  it('is now, unless a notification is stamped later than this device’s clock', () => {
    expect(markAllReadUpTo(undefined, T1)).toBe(T1);
    expect(markAllReadUpTo(T1, T2)).toBe(T2);
    expect(markAllReadUpTo(T2, T1)).toBe(T2);
  });
});
