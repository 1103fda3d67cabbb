import { dayNumber, dayOf } from '@keel/domain';

/**
 * The roadmap's arithmetic from calendar days (`YYYY-MM-DD`, read in UTC as every day in Keel)
 * to pixels and back. Pure, so the drawing, the drag and the keys all agree on where a day is.
 */
export type Zoom = 'months' | 'quarters';

/** Wide enough in months for a day to be grabbed; in quarters, two years fit a laptop. */
export const PX_PER_DAY: Record<Zoom, number> = { months: 4, quarters: 1.6 };

export interface TimeScale {
  zoom: Zoom;
  /** Day number (days since 1970-01-01) of the first day drawn, and one past the last. */
  first: number;
  end: number;
  pxPerDay: number;
  width: number;
}

export interface Tick {
  day: string;
  x: number;
  width: number;
  label: string;
}

const monthsIn: Record<Zoom, number> = { months: 1, quarters: 3 };

/** The first day of the month (or quarter) holding `n`, `shift` periods later. */
function periodStart(n: number, zoom: Zoom, shift = 0): number {
  const date = new Date(dayOf(n));
  const step = monthsIn[zoom];
  const month = Math.floor(date.getUTCMonth() / step) * step + shift * step;
  return dayNumber(new Date(Date.UTC(date.getUTCFullYear(), month, 1)).toISOString().slice(0, 10));
}

/**
 * A scale from a little before today (or the earliest day shown, if earlier) to a while after
 * the latest, in whole months or quarters, with a period to spare at either side so a bar near
 * an edge can still be dragged past it.
 */
export function timeScale(days: readonly string[], today: string, zoom: Zoom): TimeScale {
  const t = dayNumber(today);
  const known = days.map(dayNumber);
  // At least a year ahead in months and two in quarters: the axis fills a wide screen.
  const ahead = zoom === 'months' ? 300 : 640;
  const first = periodStart(Math.min(t - 14, ...known), zoom, -1);
  const end = periodStart(Math.max(t + ahead, ...known), zoom, 2);
  const pxPerDay = PX_PER_DAY[zoom];
  return { zoom, first, end, pxPerDay, width: (end - first) * pxPerDay };
}

/** Where a day begins on the scale, in pixels from its left edge. */
export function xOfDay(scale: TimeScale, day: string): number {
  return (dayNumber(day) - scale.first) * scale.pxPerDay;
}

/** Whole days a pointer moved over `dx` pixels. */
export function daysOfOffset(scale: TimeScale, dx: number): number {
  // `|| 0` turns Math.round's -0 into 0, so "no move" compares equal everywhere.
  return Math.round(dx / scale.pxPerDay) || 0;
}

export function addDays(day: string, n: number): string {
  return dayOf(dayNumber(day) + n);
}

/** A day kept inside the scale, so a dragged bar never leaves the drawn range. */
export function clampToScale(scale: TimeScale, day: string): string {
  return dayOf(Math.min(Math.max(dayNumber(day), scale.first), scale.end - 1));
}

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The axis's months ("Jan 2027" at each January and at the start, "Feb" after) or quarters. */
export function ticks(scale: TimeScale): Tick[] {
  const out: Tick[] = [];
  for (let n = scale.first; n < scale.end;) {
    const next = periodStart(n, scale.zoom, 1);
    const day = dayOf(n);
    const date = new Date(day);
    const label =
      scale.zoom === 'quarters'
        ? `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`
        : (n === scale.first || date.getUTCMonth() === 0 ? MONTH_YEAR : MONTH).format(date);
    out.push({
      day,
      x: (n - scale.first) * scale.pxPerDay,
      width: (next - n) * scale.pxPerDay,
      label,
    });
    n = next;
  }
  return out;
}

/** A project's days; either may be unset (SPEC §10). */
export interface PlanDays {
  startsOn: string | null;
  targetOn: string | null;
}

/** What a drag or a key moves: the whole bar, or one of its ends. */
export type DragPart = 'move' | 'start' | 'end';

/**
 * The days after moving `part` by `delta` days. The domain refuses a target before the start,
 * so an end stops at the other; an end a project lacks is set from the day it has (dragging the
 * end of a bar with only a start gives it a target).
 */
export function movePlan(plan: PlanDays, part: DragPart, delta: number): PlanDays {
  const { startsOn, targetOn } = plan;
  if (part === 'move')
    return {
      startsOn: startsOn && addDays(startsOn, delta),
      targetOn: targetOn && addDays(targetOn, delta),
    };
  if (part === 'start') {
    const from = startsOn ?? targetOn;
    if (!from) return plan;
    const moved = addDays(from, delta);
    return { startsOn: targetOn && moved > targetOn ? targetOn : moved, targetOn };
  }
  const from = targetOn ?? startsOn;
  if (!from) return plan;
  const moved = addDays(from, delta);
  return { startsOn, targetOn: startsOn && moved < startsOn ? startsOn : moved };
}

/** How far a bar with one day runs towards the day it lacks: far enough to see and grab. */
export const OPEN_END_DAYS = 14;

/**
 * The days a bar is drawn over: a missing end is drawn `OPEN_END_DAYS` from the other (fading),
 * and dragging or keying that end starts from where it is drawn, not from the other end.
 */
export function drawnPlan(plan: PlanDays): PlanDays {
  const { startsOn, targetOn } = plan;
  return {
    startsOn: startsOn ?? (targetOn && addDays(targetOn, 1 - OPEN_END_DAYS)),
    targetOn: targetOn ?? (startsOn && addDays(startsOn, OPEN_END_DAYS - 1)),
  };
}

/** `plan` with the end a drag or key is about to set, if it lacks it, where it is drawn. */
export function withDrawnEnd(plan: PlanDays, part: DragPart): PlanDays {
  const drawn = drawnPlan(plan);
  if (part === 'start') return { ...plan, startsOn: drawn.startsOn };
  if (part === 'end') return { ...plan, targetOn: drawn.targetOn };
  return plan;
}

/** The plan kept inside the scale, moving a whole bar as one so it keeps its length. */
export function clampPlan(scale: TimeScale, before: PlanDays, after: PlanDays): PlanDays {
  const days = [after.startsOn, after.targetOn].filter((d): d is string => d !== null);
  if (!days.length) return after;
  const low = dayNumber(days.reduce((a, b) => (a < b ? a : b)));
  const high = dayNumber(days.reduce((a, b) => (a > b ? a : b)));
  const moved = before.startsOn !== after.startsOn && before.targetOn !== after.targetOn;
  if (moved) {
    const shift = Math.max(scale.first - low, 0) + Math.min(scale.end - 1 - high, 0);
    return shift ? movePlan(after, 'move', shift) : after;
  }
  return {
    startsOn: after.startsOn && clampToScale(scale, after.startsOn),
    targetOn: after.targetOn && clampToScale(scale, after.targetOn),
  };
}
