import type { ActivityDoc, IssueDoc, ProjectDoc } from './documents.ts';
import { newActivityDocument } from './factories.ts';
import {
  MAX_STATES,
  transitionTimes,
  workflowProblems,
  workflowStateSchema,
  type StateCategory,
  type WorkflowState,
} from './workflow.ts';

/**
 * SPEC §4 — editing a project's workflow states. Each edit is checked against the whole list, so
 * the editor can never save a workflow the server would refuse; a refused edit says why and
 * changes nothing.
 */
export type WorkflowEdit =
  | { kind: 'add'; name: string; category: StateCategory; color: string }
  | { kind: 'update'; id: string; name?: string; category?: StateCategory; color?: string }
  | { kind: 'move'; id: string; toIndex: number }
  | { kind: 'delete'; id: string };

export type WorkflowResult =
  { ok: true; states: WorkflowState[] } | { ok: false; message: string; path?: string };

const refuse = (message: string, path?: string): WorkflowResult =>
  path ? { ok: false, message, path } : { ok: false, message };

/** A stable, readable id for a new state: its name in kebab case, made unique in the list. */
export function newStateId(name: string, states: readonly WorkflowState[]): string {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'state';
  const taken = new Set(states.map((s) => s.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function parseState(state: WorkflowState): WorkflowResult | WorkflowState {
  const parsed = workflowStateSchema.safeParse(state);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return refuse(issue?.message ?? 'Invalid state', String(issue?.path[0] ?? ''));
}

function checked(states: WorkflowState[]): WorkflowResult {
  const [problem] = workflowProblems(states);
  return problem ? refuse(problem) : { ok: true, states };
}

export function applyWorkflowEdit(
  states: readonly WorkflowState[],
  edit: WorkflowEdit,
): WorkflowResult {
  switch (edit.kind) {
    case 'add': {
      if (states.length >= MAX_STATES) return refuse(`A project has at most ${MAX_STATES} states`);
      const state = parseState({
        id: newStateId(edit.name, states),
        name: edit.name,
        category: edit.category,
        color: edit.color,
      });
      if ('ok' in state) return state;
      return checked([...states, state]);
    }
    case 'update': {
      const index = states.findIndex((s) => s.id === edit.id);
      const current = states[index];
      if (!current) return refuse('That state no longer exists');
      const { kind: _kind, id: _id, ...fields } = edit;
      const state = parseState({ ...current, ...fields });
      if ('ok' in state) return state;
      const next = [...states];
      next[index] = state;
      return checked(next);
    }
    case 'move': {
      const from = states.findIndex((s) => s.id === edit.id);
      if (from < 0) return refuse('That state no longer exists');
      const to = Math.max(0, Math.min(states.length - 1, edit.toIndex));
      const next = [...states];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return { ok: true, states: next };
    }
    case 'delete': {
      const state = states.find((s) => s.id === edit.id);
      if (!state) return refuse('That state no longer exists');
      const result = checked(states.filter((s) => s.id !== edit.id));
      return result.ok ? result : refuse(`${state.name} can't be deleted. ${result.message}.`);
    }
  }
}

/** How many deleted states a project remembers the names of (its document stays small). */
export const FORMER_STATES_KEPT = 100;

export interface StateDeletion {
  /** The project without the state; null when it is already gone (see below). */
  project: ProjectDoc | null;
  /** The issues that sat in the deleted state, now in the target state. */
  issues: IssueDoc[];
  /** One `state` activity per moved issue. */
  activities: ActivityDoc[];
}

/**
 * Delete a state and, in the same step, move the issues it holds to `targetId` (SPEC §4). The
 * moved issues get the target's transition times and one state activity each, exactly as if
 * someone had moved them by hand.
 */
export function deleteStateMovingIssues(
  project: ProjectDoc,
  stateId: string,
  targetId: string | null,
  issues: readonly IssueDoc[],
  ctx: { actorId: string; now: string; newActivityId: () => string },
): { ok: true; change: StateDeletion } | { ok: false; message: string } {
  // Already gone: the project was saved and some moved issue was not (another device changed
  // it meanwhile, so the device refused that one write). The issues still in it are moved now,
  // rather than left in a state that no longer exists.
  const gone = !project.states.some((s) => s.id === stateId);
  const result = gone
    ? { ok: true as const, states: project.states }
    : applyWorkflowEdit(project.states, { kind: 'delete', id: stateId });
  if (!result.ok) return result;
  const held = issues.filter((i) => i.projectId === project._id && i.stateId === stateId);
  const target = result.states.find((s) => s.id === targetId);
  if (held.length > 0 && !target)
    return {
      ok: false,
      message: `Choose a state of ${project.name} for the ${held.length === 1 ? 'issue' : `${held.length} issues`} in this state`,
    };
  const moved: IssueDoc[] = [];
  const activities: ActivityDoc[] = [];
  for (const issue of held) {
    const { startedAt, completedAt, canceledAt } = issue;
    const times = transitionTimes(
      { startedAt, completedAt, canceledAt },
      target!.category,
      ctx.now,
    );
    moved.push({ ...issue, ...times, stateId: target!.id, updatedAt: ctx.now });
    activities.push(
      newActivityDocument({
        id: ctx.newActivityId(),
        issueId: issue._id,
        actorId: ctx.actorId,
        kind: 'state',
        from: stateId,
        to: target!.id,
        now: ctx.now,
      }),
    );
  }
  return {
    ok: true,
    change: {
      project: gone
        ? null
        : {
            ...project,
            states: result.states,
            formerStates: [
              ...(project.formerStates ?? []).filter((s) => s.id !== stateId),
              project.states.find((s) => s.id === stateId)!,
            ].slice(-FORMER_STATES_KEPT),
            updatedAt: ctx.now,
          },
      issues: moved,
      activities,
    },
  };
}
