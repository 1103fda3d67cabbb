import {
  colorSchema,
  COLOR_PALETTE,
  LIMITS,
  projectDocSchema,
  projectKeySchema,
  projectKeyTaken,
  projectKeyTakenMessage,
  projectNameSchema,
  type ProjectDoc,
} from '@keel/domain';

/** What the project form holds while someone types; nothing here is saved until it is valid. */
export interface ProjectDraft {
  key: string;
  name: string;
  description: string;
  leadId: string;
  color: string;
}

export type ProjectErrors = Partial<Record<keyof ProjectDraft, string>>;

export const EMPTY_PROJECT_DRAFT: ProjectDraft = {
  key: '',
  name: '',
  description: '',
  leadId: '',
  color: COLOR_PALETTE[0],
};

export function draftOf(project: ProjectDoc): ProjectDraft {
  return {
    key: project.key,
    name: project.name,
    description: project.description,
    leadId: project.leadId ?? '',
    color: project.color,
  };
}

const descriptionSchema = projectDocSchema.shape.description;

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/**
 * The domain's field messages for a draft (SPEC §5), plus the workspace rule that a new key is
 * unused. `selfId` is set when editing: the key is then fixed and not checked again.
 */
export function validateProjectDraft(
  draft: ProjectDraft,
  projects: readonly Pick<ProjectDoc, '_id' | 'key'>[],
  selfId?: string,
): ProjectErrors {
  const errors: ProjectErrors = {};
  if (!selfId) {
    const key = firstMessage(projectKeySchema.safeParse(draft.key));
    if (key) errors.key = key;
    else if (projectKeyTaken(draft.key, projects)) errors.key = projectKeyTakenMessage(draft.key);
    else if (projects.length >= LIMITS.projectsPerWorkspace)
      errors.key = `A workspace has at most ${LIMITS.projectsPerWorkspace} projects`;
  }
  const name = firstMessage(projectNameSchema.safeParse(draft.name));
  if (name) errors.name = name;
  const description = firstMessage(descriptionSchema.safeParse(draft.description));
  if (description) errors.description = description;
  const color = firstMessage(colorSchema.safeParse(draft.color));
  if (color) errors.color = color;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** Project keys are capitals; typing lower case is accepted and shown upper-cased at once. */
export function normalizeKeyInput(value: string): string {
  return value.toUpperCase().replace(/\s/g, '');
}

/** A key suggestion from the name ("Mobile app" → "MA", "Design" → "DES"), when it is free. */
export function suggestKey(name: string, projects: readonly Pick<ProjectDoc, '_id' | 'key'>[]) {
  const words = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || !/^[A-Z]/.test(words[0]!)) return '';
  const base =
    words.length > 1
      ? words
          .map((w) => w[0])
          .join('')
          .slice(0, 5)
      : words[0]!.slice(0, 3);
  if (base.length < 2 || projectKeyTaken(base, projects)) return '';
  return base;
}
