import { z } from 'zod';
import type { ProjectDoc } from './documents.ts';

/** SPEC §10: where a project stands, in the order a project moves through them. */
export const PROJECT_STATUSES = ['planned', 'active', 'paused', 'completed', 'canceled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const projectStatusSchema = z.enum(PROJECT_STATUSES, {
  error: 'Pick planned, active, paused, completed or canceled',
});

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planned: 'Planned',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  canceled: 'Canceled',
};

/**
 * A project's status. Projects made before statuses existed have none: they were already being
 * worked on, so they read as active rather than planned.
 */
export function projectStatus(project: Pick<ProjectDoc, 'status'>): ProjectStatus {
  return project.status ?? 'active';
}
