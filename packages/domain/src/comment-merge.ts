import type { CommentDoc } from './documents.ts';
import { commentBodySchema } from './fields.ts';
import type { LostValue } from './issue-merge.ts';
import { mergeText } from './text-merge.ts';

/**
 * Concurrent edits of one comment: only its author may edit it, so these are the author's own
 * devices (a laptop and a phone, both offline). The body is merged as text against the common
 * version when it is known (issue-merge.ts explains the rules); when both changed the same
 * words, the later edit wins and the other text becomes a conflict entry.
 */
type CommentContent = Omit<CommentDoc, '_rev' | '_revisions'>;

const editTime = (c: CommentDoc) => c.editedAt ?? c.createdAt;

export function mergeConcurrentComments(
  versions: readonly CommentDoc[],
  base: CommentDoc | null,
): { comment: CommentContent; lost: LostValue[] } {
  if (versions.length === 0) throw new Error('mergeConcurrentComments needs a version');
  // Earlier edits first; the same instant ordered by text, so every device folds alike.
  const sorted = [...versions].sort((a, b) =>
    editTime(a) !== editTime(b) ? (editTime(a) < editTime(b) ? -1 : 1) : a.body < b.body ? -1 : 1,
  );
  const lost: LostValue[] = [];
  const merged = sorted.reduce((early, late) => {
    if (early.body === late.body) return late;
    if (base && early.body === base.body) return late;
    if (base && late.body === base.body) return { ...early, editedAt: maxTime(early, late) };
    const text = base ? mergeText(base.body, early.body, late.body) : null;
    // Both sides' additions together may pass the comment's limit: then it is not a merge.
    if (text !== null && commentBodySchema.safeParse(text).success) return { ...late, body: text };
    lost.push({
      field: 'comment',
      lost: { value: early.body, by: early.authorId, at: editTime(early) },
      kept: { value: late.body, by: late.authorId, at: editTime(late) },
    });
    return late;
  });
  const { _rev: _ignoredRev, _revisions: _ignoredRevisions, ...comment } = merged;
  comment.updatedAt = versions.reduce((t, v) => (v.updatedAt > t ? v.updatedAt : t), '');
  return { comment, lost };
}

function maxTime(a: CommentDoc, b: CommentDoc): string | null {
  return editTime(a) > editTime(b) ? a.editedAt : b.editedAt;
}
