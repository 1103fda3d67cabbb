import type { CycleDoc } from '@keel/domain';

export type CycleStatus = 'current' | 'upcoming' | 'completed';

/** Where a cycle stands on `today`: a cycle whose days are over is completed, rolled over or not. */
export function cycleStatus(cycle: CycleDoc, today: string): CycleStatus {
  if (cycle.completedAt !== null || cycle.endsOn < today) return 'completed';
  return cycle.startsOn <= today ? 'current' : 'upcoming';
}

export const STATUS_LABELS: Record<CycleStatus, string> = {
  current: 'Current',
  upcoming: 'Upcoming',
  completed: 'Completed',
};
