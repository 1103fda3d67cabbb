import { can, commentBodySchema, type CommentDoc, type Role } from '@keel/domain';

/** Pure rules and builders for comments, shared by the composer and each comment's menu. */
export type BodyCheck = { ok: true; body: string } | { ok: false; message: string };

/** SPEC §5: 1–20,000 characters after trimming; the schema's own message otherwise. */
export function checkCommentBody(raw: string): BodyCheck {
  const parsed = commentBodySchema.safeParse(raw);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the comment' };
}

export function newComment(input: {
  id: string;
  issueId: string;
  authorId: string;
  body: string;
  now: string;
}): CommentDoc {
  return {
    _id: input.id,
    type: 'comment',
    issueId: input.issueId,
    body: input.body,
    authorId: input.authorId,
    editedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The comment with a new body and the "edited" time; null when the text did not change. */
export function editComment(comment: CommentDoc, body: string, now: string): CommentDoc | null {
  if (body === comment.body) return null;
  return { ...comment, body, editedAt: now, updatedAt: now };
}

/** SPEC §6: authors edit and delete their own; owners and admins may delete anyone's. */
export function commentPermissions(comment: CommentDoc, role: Role, userId: string) {
  const own = comment.authorId === userId;
  return {
    edit: own && can(role, 'comment:edit:own'),
    delete: own ? can(role, 'comment:delete:own') : can(role, 'comment:delete:any'),
  };
}
