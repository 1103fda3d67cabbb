import type { IssueDoc } from './documents.ts';
import { dayNumber, dayOfMoment } from './cycles.ts';
import { DEFAULT_INSIGHT_RANGE, rangeStart } from './insights-flow.ts';

const DAY_MS = 86_400_000;

/**
 * The histogram's buckets, in days: each holds durations from the previous bucket's `upTo`
 * (inclusive) to its own (exclusive). Widening steps, because these times spread over orders
 * of magnitude: a bug fixed in an hour and a feature done in six weeks.
 */
export const DURATION_BUCKETS = [
  { label: '<1d', name: 'Under a day', upTo: 1 },
  { label: '1–2d', name: '1 to 2 days', upTo: 2 },
  { label: '2–4d', name: '2 to 4 days', upTo: 4 },
  { label: '4–7d', name: '4 to 7 days', upTo: 7 },
  { label: '1–2w', name: '1 to 2 weeks', upTo: 14 },
  { label: '2–4w', name: '2 to 4 weeks', upTo: 28 },
  { label: '1–2m', name: '1 to 2 months', upTo: 60 },
  { label: '>2m', name: 'Over 2 months', upTo: Infinity },
] as const;

export interface DurationStats {
  /** How many durations, and how many fell in each of DURATION_BUCKETS. */
  count: number;
  buckets: number[];
  /** In days; null when there are none. */
  median: number | null;
  p85: number | null;
}

export interface IssueTimes {
  /** Created → completed, for every issue completed in the range. */
  lead: DurationStats;
  /** Started → completed, for those of them that were ever started. */
  cycle: DurationStats;
}

/**
 * Lead and cycle times (issue 24) of the issues completed in the `days` days up to `today`
 * (UTC days), read from their `createdAt`, `startedAt` and `completedAt`. An issue done now but
 * reopened since has no `completedAt` and is not counted; one never started has no cycle time.
 */
export function issueTimes(input: {
  issues: readonly IssueDoc[];
  today: string;
  days?: number;
}): IssueTimes {
  const first = dayNumber(rangeStart(input.today, input.days ?? DEFAULT_INSIGHT_RANGE));
  const last = dayNumber(input.today);
  const lead: number[] = [];
  const cycle: number[] = [];
  for (const issue of input.issues) {
    if (!issue.completedAt) continue;
    const day = dayNumber(dayOfMoment(issue.completedAt));
    if (day < first || day > last) continue;
    const done = Date.parse(issue.completedAt);
    lead.push(daysBetween(issue.createdAt, done));
    if (issue.startedAt) cycle.push(daysBetween(issue.startedAt, done));
  }
  return { lead: durationStats(lead), cycle: durationStats(cycle) };
}

// Devices' clocks differ: a start stamped after the completion counts as no time, not less.
const daysBetween = (from: string, to: number) => Math.max(0, (to - Date.parse(from)) / DAY_MS);

/** Count, histogram, median and 85th percentile of durations in days. */
export function durationStats(durations: readonly number[]): DurationStats {
  const buckets = DURATION_BUCKETS.map(() => 0);
  for (const d of durations) buckets[bucketOf(d)]!++;
  const sorted = Float64Array.from(durations).sort();
  return {
    count: durations.length,
    buckets,
    median: percentile(sorted, 0.5),
    p85: percentile(sorted, 0.85),
  };
}

export function bucketOf(days: number): number {
  const i = DURATION_BUCKETS.findIndex((b) => days < b.upTo);
  return i === -1 ? DURATION_BUCKETS.length - 1 : i;
}

/** The `q` quantile of ascending values, interpolated between the two nearest ranks. */
export function percentile(sorted: ArrayLike<number>, q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}
