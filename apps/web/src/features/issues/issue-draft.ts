import { issueDescriptionSchema, issueTitleSchema } from '@keel/domain';

export interface IssueDraft {
  projectId: string;
  title: string;
  description: string;
  /** Created as a sub-issue of this issue. */
  parentId?: string | null;
}

export type DraftErrors = Partial<Record<'title' | 'description', string>>;

export const EMPTY_DRAFT: IssueDraft = { projectId: '', title: '', description: '' };

/** The domain's own field rules, so "Title is required" shows before anything is saved. */
export function validateDraft(draft: Pick<IssueDraft, 'title' | 'description'>): DraftErrors {
  const errors: DraftErrors = {};
  const title = issueTitleSchema.safeParse(draft.title);
  if (!title.success) errors.title = title.error.issues[0]?.message ?? 'Check the title';
  const description = issueDescriptionSchema.safeParse(draft.description);
  if (!description.success)
    errors.description = description.error.issues[0]?.message ?? 'Check the description';
  return errors;
}

export function hasErrors(errors: DraftErrors): boolean {
  return Boolean(errors.title || errors.description);
}
