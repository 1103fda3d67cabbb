import { z } from 'zod';
import { isCalendarDate } from './fields.ts';

/** A calendar day, `YYYY-MM-DD`: cycles are whole days, read in UTC (cycles.ts). */
export const calendarDaySchema = z
  .string()
  .refine(isCalendarDate, 'Must be a real date (YYYY-MM-DD)');

export const CYCLE_WEEKS = { min: 1, max: 8 } as const;
export const CYCLE_UPCOMING = { min: 1, max: 6 } as const;

/**
 * SPEC §10: a project's cycle settings. Keel keeps the current cycle and `upcoming` more
 * scheduled, each `weeks` long, starting on `startWeekday` (0 Sunday … 6 Saturday).
 */
export const cycleSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  weeks: z
    .number()
    .int()
    .min(CYCLE_WEEKS.min, `A cycle lasts ${CYCLE_WEEKS.min}–${CYCLE_WEEKS.max} weeks`)
    .max(CYCLE_WEEKS.max, `A cycle lasts ${CYCLE_WEEKS.min}–${CYCLE_WEEKS.max} weeks`),
  startWeekday: z.number().int().min(0, 'Pick a weekday').max(6, 'Pick a weekday'),
  upcoming: z
    .number()
    .int()
    .min(CYCLE_UPCOMING.min, `Plan ${CYCLE_UPCOMING.min}–${CYCLE_UPCOMING.max} cycles ahead`)
    .max(CYCLE_UPCOMING.max, `Plan ${CYCLE_UPCOMING.min}–${CYCLE_UPCOMING.max} cycles ahead`),
});
export type CycleSettings = z.infer<typeof cycleSettingsSchema>;

/** What a project's settings start from when cycles are turned on: two weeks from Monday. */
export const DEFAULT_CYCLE_SETTINGS: CycleSettings = {
  enabled: true,
  weeks: 2,
  startWeekday: 1,
  upcoming: 2,
};
