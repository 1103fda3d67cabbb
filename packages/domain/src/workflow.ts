import { z } from 'zod';
import { colorSchema } from './fields.ts';
import { textField } from './text.ts';

/** SPEC §4 — workflow states and the timestamps an issue's transitions set. */
export const STATE_CATEGORIES = [
  'backlog',
  'unstarted',
  'started',
  'completed',
  'canceled',
] as const;
export type StateCategory = (typeof STATE_CATEGORIES)[number];

/** Completed or canceled: an issue in such a state is finished (cycles, relations, duplicates). */
export function isFinishedCategory(category: StateCategory | undefined): boolean {
  return category === 'completed' || category === 'canceled';
}

/** Whether an issue's state is finished in its project. */
export function isFinished(
  issue: { stateId: string },
  project: { states: readonly WorkflowState[] },
): boolean {
  return isFinishedCategory(project.states.find((s) => s.id === issue.stateId)?.category);
}

export const workflowStateSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'State id must be 1–40 of a-z, 0-9, -'),
  name: textField('State name', 1, 40),
  category: z.enum(STATE_CATEGORIES, { error: 'Unknown state category' }),
  color: colorSchema,
});
export type WorkflowState = z.infer<typeof workflowStateSchema>;

export const MIN_STATES = 3;
export const MAX_STATES = 20;

export const DEFAULT_STATES: readonly WorkflowState[] = [
  { id: 'backlog', name: 'Backlog', category: 'backlog', color: '#94A3B8' },
  { id: 'todo', name: 'Todo', category: 'unstarted', color: '#64748B' },
  { id: 'in-progress', name: 'In Progress', category: 'started', color: '#F59E0B' },
  { id: 'in-review', name: 'In Review', category: 'started', color: '#8B5CF6' },
  { id: 'done', name: 'Done', category: 'completed', color: '#10B981' },
  { id: 'canceled', name: 'Canceled', category: 'canceled', color: '#EF4444' },
];

/** Problems with a project's list of states, as messages; empty when the list is valid. */
export function workflowProblems(states: readonly WorkflowState[]): string[] {
  const problems: string[] = [];
  if (states.length < MIN_STATES || states.length > MAX_STATES)
    problems.push(`A project has ${MIN_STATES}–${MAX_STATES} states`);
  const has = (...c: StateCategory[]) => states.some((s) => c.includes(s.category));
  if (!has('backlog', 'unstarted')) problems.push('Keep at least one Backlog or Unstarted state');
  if (!has('completed')) problems.push('Keep at least one Completed state');
  if (!has('canceled')) problems.push('Keep at least one Canceled state');
  const ids = new Set(states.map((s) => s.id));
  if (ids.size !== states.length) problems.push('State ids must be unique');
  const names = new Set(states.map((s) => s.name.toLowerCase()));
  if (names.size !== states.length) problems.push('State names must be unique');
  return problems;
}

export const workflowSchema = z.array(workflowStateSchema).superRefine((states, ctx) => {
  for (const message of workflowProblems(states)) ctx.addIssue({ code: 'custom', message });
});

/** The state a new issue starts in: the first unstarted state, else the first backlog state. */
export function initialState(states: readonly WorkflowState[]): WorkflowState {
  const found =
    states.find((s) => s.category === 'unstarted') ?? states.find((s) => s.category === 'backlog');
  if (!found) throw new Error('Workflow without a backlog or unstarted state');
  return found;
}

export interface TransitionTimes {
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
}

/**
 * SPEC §4: the timestamps after moving into `to`. Any state may follow any other; entering
 * `started` sets startedAt once, entering completed/canceled sets its time and clears the other,
 * leaving either clears its time.
 */
export function transitionTimes(
  current: TransitionTimes,
  to: StateCategory,
  now: string,
): TransitionTimes {
  // Only the three times: callers may pass a whole issue.
  const next: TransitionTimes = {
    startedAt: current.startedAt,
    completedAt: current.completedAt,
    canceledAt: current.canceledAt,
  };
  if (to === 'started' && !next.startedAt) next.startedAt = now;
  if (to === 'completed') {
    next.completedAt = current.completedAt ?? now;
    next.canceledAt = null;
  } else if (to === 'canceled') {
    next.canceledAt = current.canceledAt ?? now;
    next.completedAt = null;
  } else {
    next.completedAt = null;
    next.canceledAt = null;
  }
  return next;
}
