import { generateNKeysBetween } from 'fractional-indexing';
import { dayOf, dayNumber, dayOfMoment, type MilestoneDoc, type ProjectDoc } from '@keel/domain';

const NAMES = [
  'Foundations',
  'Private beta',
  'Design review',
  'Public beta',
  'Performance pass',
  'Launch',
  'Hardening',
  'Integrations',
  'Polish',
  'Scale-out',
  'Migration',
  'Retrospective',
  'Next release',
];

/**
 * `total` milestones shared out over the projects (the first projects get one more when it does
 * not divide), each project's spread from its start to three months ahead: 50 in all is issue
 * 24's speed target. Ids follow from project and place, so the seed is the same every run.
 */
export function demoMilestones(
  projects: readonly ProjectDoc[],
  total: number,
  now: Date,
): Map<string, MilestoneDoc[]> {
  const byProject = new Map<string, MilestoneDoc[]>();
  const today = dayNumber(dayOfMoment(now));
  projects.forEach((project, p) => {
    const count = Math.floor(total / projects.length) + (p < total % projects.length ? 1 : 0);
    const keys = count ? generateNKeysBetween(null, null, count) : [];
    const first = dayNumber(dayOfMoment(new Date(project.createdAt)));
    const span = today + 90 - first;
    byProject.set(
      project._id,
      keys.map((sortOrder, m) => ({
        _id: `milestone:demo${project.key.toLowerCase()}${m}`,
        type: 'milestone' as const,
        projectId: project._id,
        name:
          NAMES[m % NAMES.length]! +
          (m >= NAMES.length ? ` ${Math.floor(m / NAMES.length) + 1}` : ''),
        targetOn: dayOf(first + Math.round((span * (m + 1)) / count)),
        sortOrder,
        createdAt: project.createdAt,
        updatedAt: project.createdAt,
      })),
    );
  });
  return byProject;
}

/**
 * The milestone of a project's `ordinal`-th issue of `perProject`: three in five issues are in
 * one, older issues in earlier milestones; null for the rest. No randomness, so adding milestones
 * leaves the rest of the seed as it was.
 */
export function demoMilestoneOf(
  milestones: readonly MilestoneDoc[],
  ordinal: number,
  perProject: number,
): MilestoneDoc | null {
  if (milestones.length === 0 || ordinal % 5 >= 3) return null;
  const at = Math.floor((ordinal * milestones.length) / Math.max(perProject, 1));
  return milestones[Math.min(at, milestones.length - 1)] ?? null;
}
