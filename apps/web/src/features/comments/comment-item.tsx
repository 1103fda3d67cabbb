import { memo, useState } from 'react';
import { commentPermissions, type CommentDoc } from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { MarkdownView, toggleTask } from '../markdown/index.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { CommentEditor } from './comment-editor.tsx';
import { useCommentActions } from './use-comment-actions.ts';
import { useMemberNames } from './use-member-names.ts';
import './comments.css';

/**
 * One comment in the timeline: author, time, "edited", the rendered body, and its actions.
 * Memoised: an edit of the issue re-renders its timeline, not every comment in it.
 */
export const CommentItem = memo(function CommentItem({ comment }: { comment: CommentDoc }) {
  const session = useWorkspace();
  const nameOf = useMemberNames();
  const actions = useCommentActions(comment.issueId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const allowed = commentPermissions(comment, session.role, session.userId);
  const author = nameOf(comment.authorId) ?? 'A former member';

  // Its author ticks its task boxes, as they may edit it.
  const tickTask = async (index: number, checked: boolean) => {
    const body = toggleTask(comment.body, index, checked);
    return body !== null && (await actions.edit(comment._id, body)).ok;
  };

  const remove = async () => {
    const outcome = await actions.remove(comment);
    if (!outcome.ok) showToast(outcome.message, 'error');
  };

  return (
    <article className="comment" aria-label={`Comment by ${author}`}>
      <header className="comment__header">
        <Avatar name={author} />
        <span className="comment__author">{author}</span>
        <time
          className="comment__time"
          dateTime={comment.createdAt}
          title={formatDateTime(comment.createdAt)}
        >
          {timeAgo(comment.createdAt)}
        </time>
        {comment.editedAt ? (
          <span className="comment__edited" title={`Edited ${formatDateTime(comment.editedAt)}`}>
            (edited)
          </span>
        ) : null}
        <span className="comment__actions">
          {allowed.edit && !editing ? (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          {allowed.delete && !confirming ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : null}
          {confirming ? (
            <>
              <span role="status">Delete this comment?</span>
              <Button size="sm" variant="danger" onClick={() => void remove()}>
                Delete comment
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : null}
        </span>
      </header>
      {editing ? (
        <CommentEditor
          label="Edit comment"
          initial={comment.body}
          issueId={comment.issueId}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            const outcome = await actions.edit(comment._id, body);
            if (outcome.ok) setEditing(false);
            return outcome;
          }}
        />
      ) : (
        <MarkdownView
          markdown={comment.body}
          nameOf={nameOf}
          onToggleTask={allowed.edit ? tickTask : undefined}
          className="comment__body"
        />
      )}
    </article>
  );
});
