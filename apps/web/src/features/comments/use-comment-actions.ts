import { useMemo } from 'react';
import { newDocId, tombstoneOf, type CommentDoc } from '@keel/domain';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import { offerUndoOfCommentDeletion } from '../undo/undo-deletion.ts';
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
      remove: async (comment: CommentDoc): Promise<WriteOutcome> => {
        let deleted: CommentDoc | null = null;
        const outcome = await session.update(() => {
          const current = session.store.get(comment._id);
          deleted = current?.type === 'comment' ? current : null;
          // The deletion keeps its issue and author, so an undo can bring it back.
          return current ? [tombstoneOf(current)] : null;
        });
        const gone = deleted as CommentDoc | null;
        if (outcome.ok && gone) offerUndoOfCommentDeletion(session, gone);
        return outcome;
      },
    }),
    [session, issueId],
  );
}
