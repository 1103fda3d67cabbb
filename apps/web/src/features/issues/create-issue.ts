import {
  buildNewIssue,
  can,
  errorMessage,
  firstSortOrder,
  formatIssueKey,
  newDocId,
} from '@keel/domain';
import { fieldErrorMap } from '../../shared/lib/problem.ts';
import { reserveNumber } from '../../data/number-reserve.ts';
import type { WorkspaceSession } from '../../data/workspace-session.ts';

import { hasErrors, validateDraft, type DraftErrors, type IssueDraft } from './issue-draft.ts';

export type CreateIssueResult =
  { ok: true; key: string } | { ok: false; fields: DraftErrors; message: string | null };

/**
 * Save a new issue on this device: validate, take a reserved number, write the issue and its
 * "created" activity together. Sync sends it to the server later; the list shows it at once.
 */
export async function createIssue(
  session: WorkspaceSession,
  draft: IssueDraft,
): Promise<CreateIssueResult> {
  const fields = validateDraft(draft);
  if (hasErrors(fields)) return { ok: false, fields, message: null };
  if (!can(session.role, 'issue:create'))
    return { ok: false, fields: {}, message: errorMessage('FORBIDDEN') };
  const project = session.store.get(draft.projectId);
  if (project?.type !== 'project')
    return { ok: false, fields: {}, message: 'Choose a project for the issue.' };

  const scope = { userId: session.userId, slug: session.slug, projectId: project._id };
  const reserved = await reserveNumber(scope, project.key);
  if (!reserved.ok) return { ok: false, fields: {}, message: reserved.message };

  const { issue, activities } = buildNewIssue({
    issueId: newDocId('issue'),
    newActivityId: () => newDocId('activity'),
    project,
    parentId: draft.parentId ?? null,
    number: reserved.number,
    title: draft.title,
    description: draft.description,
    firstSortOrder: firstSortOrder(session.store.list('issue'), project._id),
    actorId: session.userId,
    now: new Date().toISOString(),
  });
  const outcome = await session.write([issue, ...activities]);
  if (!outcome.ok) {
    const errors = fieldErrorMap(outcome.errors);
    return {
      ok: false,
      fields: { title: errors.title, description: errors.description },
      message: outcome.message,
    };
  }
  return { ok: true, key: formatIssueKey(project.key, reserved.number) };
}
