import {
  applyWorkflowEdit,
  cyclesToSchedule,
  dayOfMoment,
  estimateScaleOf,
  type EstimateScale,
  type CycleSettings,
  deleteStateMovingIssues,
  newDocId,
  newProjectDocument,
  projectStatus,
  normalizeText,
  type IssueDoc,
  type ProjectDoc,
  type ProjectStatus,
  type WorkflowEdit,
} from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import type { ProjectDraft } from './project-draft.ts';

/**
 * Every write of this feature. Each one builds its documents from the latest copy in memory
 * inside `session.update`, so a retry after a conflict starts from what another device saved.
 */
type Outcome = WriteOutcome;

function current(session: WorkspaceSession, id: string): ProjectDoc | null {
  const doc = session.store.get(id);
  return doc?.type === 'project' ? doc : null;
}

const gone: Outcome = { ok: false, message: 'This project no longer exists.', errors: [] };

export async function createProject(
  session: WorkspaceSession,
  draft: ProjectDraft,
): Promise<{ outcome: Outcome; project: ProjectDoc }> {
  const doc = newProjectDocument({
    id: newDocId('project'),
    key: draft.key,
    name: normalizeText(draft.name),
    description: normalizeText(draft.description),
    leadId: draft.leadId || null,
    color: draft.color,
    createdBy: session.userId,
    now: new Date().toISOString(),
  });
  return { outcome: await session.write([doc]), project: doc };
}

/** Name, description, lead and colour; the key is fixed once created. */
export async function updateProject(
  session: WorkspaceSession,
  id: string,
  draft: ProjectDraft,
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const project = current(session, id);
    if (!project) return null;
    return [
      {
        ...project,
        name: normalizeText(draft.name),
        description: normalizeText(draft.description),
        leadId: draft.leadId || null,
        color: draft.color,
        updatedAt: new Date().toISOString(),
      },
    ];
  });
}

export async function setArchived(
  session: WorkspaceSession,
  id: string,
  archived: boolean,
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const project = current(session, id);
    if (!project) return null;
    const now = new Date().toISOString();
    return [{ ...project, archivedAt: archived ? now : null, updatedAt: now }];
  });
}

/** One workflow edit; a rule it breaks comes back as the domain's message and nothing is saved. */
export async function editWorkflow(
  session: WorkspaceSession,
  id: string,
  edit: WorkflowEdit,
): Promise<Outcome> {
  const project = current(session, id);
  if (!project) return gone;
  // Check first, outside the write queue, so the message reaches the user without a save.
  const check = applyWorkflowEdit(project.states, edit);
  if (!check.ok)
    return {
      ok: false,
      message: check.message,
      errors: check.path ? [{ path: check.path, message: check.message }] : [],
    };
  let refusal: string | null = null;
  const outcome = await session.update(() => {
    const latest = current(session, id);
    if (!latest) return null;
    const result = applyWorkflowEdit(latest.states, edit);
    if (!result.ok) {
      refusal = result.message;
      return null;
    }
    return [{ ...latest, states: result.states, updatedAt: new Date().toISOString() }];
  });
  return refusal ? { ok: false, message: refusal, errors: [] } : outcome;
}

/**
 * Delete a state and move its issues to `targetId` in one bulk write: the project, each moved
 * issue and one state activity per issue (SPEC §4).
 */
export async function deleteState(
  session: WorkspaceSession,
  id: string,
  stateId: string,
  targetId: string | null,
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  let refusal: string | null = null;
  const outcome = await session.update(() => {
    const project = current(session, id);
    if (!project) return null;
    const issues = session.store.list('issue') as readonly IssueDoc[];
    const result = deleteStateMovingIssues(project, stateId, targetId, issues, {
      actorId: session.userId,
      now: new Date().toISOString(),
      newActivityId: () => newDocId('activity'),
    });
    if (!result.ok) {
      refusal = result.message;
      return null;
    }
    const { change } = result;
    const docs = [...(change.project ? [change.project] : []), ...change.issues];
    return docs.length ? [...docs, ...change.activities] : null;
  });
  return refusal ? { ok: false, message: refusal, errors: [] } : outcome;
}

/**
 * Turn cycles on or off, or change how they are scheduled (SPEC §10). Turning them on schedules
 * the current cycle and the planned ones in the same write, so they show at once, offline too;
 * the server's keeper writes the same cycles under the same ids if it gets there first.
 */
export async function saveCycleSettings(
  session: WorkspaceSession,
  id: string,
  settings: CycleSettings,
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const project = current(session, id);
    if (!project) return null;
    const moment = new Date();
    const now = moment.toISOString();
    const next: ProjectDoc = { ...project, cycles: settings, updatedAt: now };
    const held = session.store.list('cycle');
    return [next, ...cyclesToSchedule(next, held, dayOfMoment(moment), now)];
  });
}

/**
 * Change how the project's issues are estimated (SPEC §10). Estimates already given stay as they
 * are (the numbers of every scale sum alike); only new ones follow the new scale.
 */
export async function saveEstimateScale(
  session: WorkspaceSession,
  id: string,
  scale: EstimateScale,
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const project = current(session, id);
    if (!project || estimateScaleOf(project) === scale) return null;
    return [{ ...project, estimateScale: scale, updatedAt: new Date().toISOString() }];
  });
}

/**
 * The states a linked pull request moves this project's issues to (SPEC §11): a state id, or
 * null for none; written over the latest copy.
 */
export async function saveGitStates(
  session: WorkspaceSession,
  id: string,
  gitStates: { started: string | null; completed: string | null },
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const project = current(session, id);
    if (!project) return null;
    return [{ ...project, gitStates, updatedAt: new Date().toISOString() }];
  });
}

/** What a project's plan holds: its status and its days (`YYYY-MM-DD`, or empty for none). */
export interface ProjectPlan {
  status: ProjectStatus;
  startsOn: string;
  targetOn: string;
}

/**
 * The parts of a project's plan someone changed (SPEC §10): only those are written, over the
 * latest copy, so another admin's change of another part meanwhile is kept. The domain checks
 * the target is not before the start.
 */
export async function saveProjectPlan(
  session: WorkspaceSession,
  id: string,
  changes: Partial<ProjectPlan>,
): Promise<Outcome> {
  if (!current(session, id)) return gone;
  return session.update(() => {
    const project = current(session, id);
    if (!project) return null;
    const next: ProjectDoc = { ...project, updatedAt: new Date().toISOString() };
    if (changes.status) next.status = changes.status;
    if (changes.startsOn !== undefined) next.startsOn = changes.startsOn || null;
    if (changes.targetOn !== undefined) next.targetOn = changes.targetOn || null;
    // Nothing that differs from the latest copy (keys held against the edge of the roadmap):
    // no new revision.
    const same =
      projectStatus(next) === projectStatus(project) &&
      (next.startsOn ?? null) === (project.startsOn ?? null) &&
      (next.targetOn ?? null) === (project.targetOn ?? null);
    return same ? null : [next];
  });
}
