import { useMemo } from 'react';
import { newDocId, type CommentDoc } from '@keel/domain';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import { editComment, newComment } from './comment-docs.ts';

/** Write, edit and delete comments through the workspace session (domain-checked, local first). */
export function useCommentActions(issueId: string) {
  const session = useWorkspace();
  return useMemo(
    () => ({
      create: (body: string): Promise<WriteOutcome> =>
        session.write([
          newComment({
            id: newDocId('comment'),
            issueId,
            authorId: session.userId,
            body,
            now: new Date().toISOString(),
          }),
        ]),
      edit: (commentId: string, body: string): Promise<WriteOutcome> =>
        session.update(() => {
          // The latest revision, in case this comment synced in from another device meanwhile.
          const current = session.store.get(commentId);
          if (current?.type !== 'comment') return null;
          const next = editComment(current, body, new Date().toISOString());
          return next ? [next] : null;
        }),
      remove: (comment: CommentDoc): Promise<WriteOutcome> =>
        session.update(() => {
          const current = session.store.get(comment._id);
          return current ? [{ _id: current._id, _rev: current._rev, _deleted: true }] : null;
        }),
    }),
    [session, issueId],
  );
}
