import type { IssueDoc, LabelDoc, WorkspaceDoc } from './documents.ts';
import type { ActivityDoc } from './documents.ts';
import { newActivityDocument } from './factories.ts';
import { LIMITS } from './limits.ts';
import { normalizeText } from './text.ts';
import type { CatalogProblem } from './project-rules.ts';

/** How two label names compare (SPEC §5: unique ignoring case): normalised, case-folded. */
export function labelNameKey(name: string): string {
  return normalizeText(name).toLowerCase();
}

export function labelNameTaken(
  name: string,
  labels: Iterable<Pick<LabelDoc, '_id' | 'name'>>,
  selfId?: string,
): boolean {
  const wanted = labelNameKey(name);
  for (const l of labels) if (l._id !== selfId && labelNameKey(l.name) === wanted) return true;
  return false;
}

export function labelNameTakenMessage(name: string): string {
  return `A label named ${normalizeText(name)} already exists`;
}

export function newLabelDocument(input: {
  id: string;
  name: string;
  color: string;
  createdBy: string;
  now: string;
}): LabelDoc {
  return {
    _id: input.id,
    type: 'label',
    name: normalizeText(input.name),
    color: input.color,
    createdBy: input.createdBy,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** SPEC §9: how many labels a workspace may have. */
export const LABELS_LIMIT_MESSAGE = `A workspace has at most ${LIMITS.labelsPerWorkspace} labels`;

/**
 * The label rules that need the workspace's other labels: a name unique ignoring case (checked on
 * create and on rename) and at most 500 labels.
 */
export function labelProblem(
  doc: LabelDoc,
  existing: WorkspaceDoc | null,
  labels: readonly LabelDoc[],
): CatalogProblem | null {
  const renamed =
    !existing ||
    existing.type !== 'label' ||
    labelNameKey(existing.name) !== labelNameKey(doc.name);
  if (renamed && labelNameTaken(doc.name, labels, doc._id))
    return { code: 'VALIDATION_FAILED', path: 'name', message: labelNameTakenMessage(doc.name) };
  if (!existing && labels.filter((l) => l._id !== doc._id).length >= LIMITS.labelsPerWorkspace)
    return {
      code: 'VALIDATION_FAILED',
      path: '_id',
      message: LABELS_LIMIT_MESSAGE,
    };
  return null;
}

/**
 * Deleting a label takes it off every issue that carries it in the same step, so no issue points
 * at a label that no longer exists; each issue gets one `labels` activity, as for any label edit.
 */
export function removeLabelFromIssues(
  labelId: string,
  issues: readonly IssueDoc[],
  ctx: { actorId: string; now: string; newActivityId: () => string },
): { issues: IssueDoc[]; activities: ActivityDoc[] } {
  const changed: IssueDoc[] = [];
  const activities: ActivityDoc[] = [];
  for (const issue of issues) {
    if (!issue.labelIds.includes(labelId)) continue;
    const labelIds = issue.labelIds.filter((id) => id !== labelId);
    changed.push({ ...issue, labelIds, updatedAt: ctx.now });
    activities.push(
      newActivityDocument({
        id: ctx.newActivityId(),
        issueId: issue._id,
        actorId: ctx.actorId,
        kind: 'labels',
        from: issue.labelIds,
        to: labelIds,
        now: ctx.now,
      }),
    );
  }
  return { issues: changed, activities };
}
