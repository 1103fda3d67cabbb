import { describe, expect, it } from 'vitest';
import { clockWentBack, versionToAsk } from './replica-clock-guard.ts';

const NOW = 1_795_800_000_000;
const stored = (at: number) => 2e13 + at;

describe('replica clock guard', () => {
  it('notices a database last opened later than now', () => {
    expect(clockWentBack(stored(NOW + 1_000), NOW)).toBe(true);
    expect(clockWentBack(stored(NOW - 1_000), NOW)).toBe(false);
    expect(clockWentBack(stored(NOW), NOW)).toBe(true); // the same version is refused too
  });

  it('asks for one above the stored version, only when PouchDB would ask for less', () => {
    const floor = stored(NOW + 1_000) + 1;
    expect(versionToAsk(stored(NOW), floor)).toBe(floor);
    expect(versionToAsk(floor + 5, floor)).toBe(floor + 5);
    expect(versionToAsk(undefined, floor)).toBeUndefined();
    expect(versionToAsk(stored(NOW), undefined)).toBe(stored(NOW));
  });
});
