import type { CycleDoc } from '@keel/domain';

const day = (d: string) =>
  new Date(`${d}T00:00:00.000Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "Nov 23 – Dec 6": a cycle's days, in the reader's language. */
export function cycleDates(cycle: Pick<CycleDoc, 'startsOn' | 'endsOn'>): string {
  return `${day(cycle.startsOn)} – ${day(cycle.endsOn)}`;
}
