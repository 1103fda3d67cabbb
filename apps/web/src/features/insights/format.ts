import type { StateCategory } from '@keel/domain';

/** The categories as the charts name them, and the token each is drawn in (tokens.css). */
export const CATEGORY_NAMES: Record<StateCategory, string> = {
  backlog: 'Backlog',
  unstarted: 'Unstarted',
  started: 'Started',
  completed: 'Completed',
  canceled: 'Canceled',
};

export const CATEGORY_TOKENS: Record<StateCategory, string> = {
  backlog: '--color-text-faint',
  unstarted: '--color-accent',
  started: '--color-warning',
  completed: '--color-success',
  canceled: '--color-danger',
};

/**
 * The order the flow stacks them in, top to bottom: what is still to do above, what is finished
 * at the bottom, so the finished band grows steadily from the axis up and the work in hand sits
 * between.
 */
export const STACK_ORDER: readonly StateCategory[] = [
  'backlog',
  'unstarted',
  'started',
  'completed',
  'canceled',
];

/** A `YYYY-MM-DD` day as "Mar 5", in UTC like the days themselves. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A duration in days as people say it: "5 hours", "1.5 days", "3 weeks". */
export function durationLabel(days: number): string {
  if (days < 1) {
    const hours = Math.round(days * 24);
    return hours < 1 ? 'under an hour' : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  if (days < 14) {
    const d = Math.round(days * 10) / 10;
    return `${d} ${d === 1 ? 'day' : 'days'}`;
  }
  const w = Math.round((days / 7) * 10) / 10;
  return `${w} weeks`;
}
