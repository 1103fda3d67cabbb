import { useMemo } from 'react';
import {
  commentSubscriptionWrites,
  docId,
  editComment,
  newComment,
  newDocId,
  tombstoneOf,
  type CommentDoc,
} from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';
import { offerUndoOfCommentDeletion } from '../undo/index.ts';

/**
 * After a comment is saved: subscribe its author (when new) and those it mentions to the issue,
 * on the issue as it is by then. Not awaited by the comment; a refusal is handled like any other.
 */
function subscribeFromComment(
  session: WorkspaceSession,
  issueId: string,
  body: string,
  commenting: boolean,
): void {
  void session.update(() => {
    const issue = session.store.get(issueId);
    if (issue?.type !== 'issue') return null;
    return commentSubscriptionWrites(
      issue,
      { authorId: session.userId, body },
      {
        commenting,
        isActiveMember: (userId) => {
          const member = session.store.get(docId('member', userId));
          return member?.type === 'member' && member.active;
        },
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      },
    );
  });
}

/** Write, edit and delete comments through the workspace session (domain-checked, local first). */
export function useCommentActions(issueId: string) {
  const session = useWorkspace();
  return useMemo(
    () => ({
      create: async (body: string): Promise<WriteOutcome> => {
        const outcome = await session.write([
          newComment({
            id: newDocId('comment'),
            issueId,
            authorId: session.userId,
            body,
            now: new Date().toISOString(),
          }),
        ]);
        if (outcome.ok) subscribeFromComment(session, issueId, body, true);
        return outcome;
      },
      edit: (commentId: string, body: string): Promise<WriteOutcome> =>
        session
          .update(() => {
            // The latest revision, in case this comment synced in from another device meanwhile.
            const current = session.store.get(commentId);
            if (current?.type !== 'comment') return null;
            const next = editComment(current, body, new Date().toISOString());
            return next ? [next] : null;
          })
          .then((outcome) => {
            if (outcome.ok) subscribeFromComment(session, issueId, body, false);
            return outcome;
          }),
      remove: async (comment: CommentDoc): Promise<WriteOutcome> => {
        let deleted: CommentDoc | null = null;
        const outcome = await session.update(() => {
          const current = session.store.get(comment._id);
          deleted = current?.type === 'comment' ? current : null;
          // The deletion keeps the comment as it was, so an undo can bring it back.
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
