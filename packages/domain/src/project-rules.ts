import type { ProjectDoc, WorkspaceDoc } from './documents.ts';
import { errorMessage } from './errors.ts';
import { LIMITS } from './limits.ts';
import { DEFAULT_STATES, type WorkflowState } from './workflow.ts';

/** SPEC §5: a project key is unique in its workspace. Keys are stored upper-case already. */
export function projectKeyTaken(
  key: string,
  projects: Iterable<Pick<ProjectDoc, '_id' | 'key'>>,
  selfId?: string,
): boolean {
  const wanted = key.trim().toUpperCase();
  for (const p of projects) if (p._id !== selfId && p.key === wanted) return true;
  return false;
}

export function projectKeyTakenMessage(key: string): string {
  return errorMessage('PROJECT_KEY_TAKEN', { key: key.trim().toUpperCase() });
}

/** The colours offered for projects and labels; any #RRGGBB is valid, these just look right. */
export const COLOR_PALETTE = [
  '#5E6AD2',
  '#26B5CE',
  '#0F9D58',
  '#4CB782',
  '#F2C94C',
  '#F2994A',
  '#EB5757',
  '#BB87FC',
  '#E879F9',
  '#95A2B3',
] as const;

/** A new project with the default workflow (SPEC §4); its key never changes after this. */
export function newProjectDocument(input: {
  id: string;
  key: string;
  name: string;
  description?: string;
  leadId?: string | null;
  color: string;
  createdBy: string;
  now: string;
}): ProjectDoc {
  return {
    _id: input.id,
    type: 'project',
    key: input.key.trim().toUpperCase(),
    name: input.name,
    description: input.description ?? '',
    leadId: input.leadId ?? null,
    color: input.color,
    archivedAt: null,
    // Copies, so an edit to one project's states never touches the shared defaults.
    states: DEFAULT_STATES.map((s) => ({ ...s })),
    createdBy: input.createdBy,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

export interface CatalogProblem {
  code: 'PROJECT_KEY_TAKEN' | 'VALIDATION_FAILED';
  path: string;
  message: string;
}

/**
 * The project rules that need the workspace's other projects: a new project's key is unused and
 * the workspace stays within its project limit. A key never changes after creation (the
 * per-document rule), so only creations are checked.
 */
export function projectProblem(
  doc: ProjectDoc,
  existing: WorkspaceDoc | null,
  projects: readonly ProjectDoc[],
): CatalogProblem | null {
  if (existing) return null;
  if (projectKeyTaken(doc.key, projects, doc._id))
    return { code: 'PROJECT_KEY_TAKEN', path: 'key', message: projectKeyTakenMessage(doc.key) };
  if (projects.filter((p) => p._id !== doc._id).length >= LIMITS.projectsPerWorkspace)
    return {
      code: 'VALIDATION_FAILED',
      path: '_id',
      message: `A workspace has at most ${LIMITS.projectsPerWorkspace} projects`,
    };
  return null;
}

/**
 * Every state the project has had that the history may name: its states now, then those deleted
 * (`formerStates`), so "changed state from In Review" still reads after In Review is gone.
 */
export function statesOfHistory(
  project: Pick<ProjectDoc, 'states' | 'formerStates'>,
): WorkflowState[] {
  return [...project.states, ...(project.formerStates ?? [])];
}
