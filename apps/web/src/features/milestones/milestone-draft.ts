import { calendarDaySchema, LIMITS, milestoneDocSchema } from '@keel/domain';
import type { MilestoneDraft } from './milestone-writes.ts';

export type MilestoneErrors = Partial<Record<keyof MilestoneDraft, string>>;

export const EMPTY_MILESTONE_DRAFT: MilestoneDraft = { name: '', targetOn: '' };

/**
 * SPEC §10 for a milestone's form: the domain's messages for its name and day, and, for a new
 * one, room under the project's limit (`count`: the milestones it has).
 */
export function validateMilestoneDraft(
  draft: MilestoneDraft,
  count: number,
  isNew: boolean,
): MilestoneErrors {
  const errors: MilestoneErrors = {};
  const name = milestoneDocSchema.shape.name.safeParse(draft.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  else if (isNew && count >= LIMITS.milestonesPerProject)
    errors.name = `A project has at most ${LIMITS.milestonesPerProject} milestones`;
  if (draft.targetOn) {
    const day = calendarDaySchema.safeParse(draft.targetOn);
    if (!day.success) errors.targetOn = 'Target date must be a real date (YYYY-MM-DD)';
  }
  return errors;
}
