import { memo, useState } from 'react';
import { can, mayDelete, type ConflictDoc } from '@keel/domain';
import { copyText } from '../../shared/lib/copy-text.ts';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useCommentActions } from '../comments/index.ts';
import { useDoc } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { currentValue, isRestored, restoreEdit } from './conflict-restore.ts';
import type { ActivityNames } from './describe-activity.ts';
import { conflictValueText, describeConflict } from './describe-conflict.ts';
import { useEditIssue } from './use-edit-issue.ts';

/**
 * A value a concurrent edit replaced (decision 007), in the issue's timeline: whose, when, the
 * value (a text whole), and Restore and Copy, so nothing typed on either device is lost.
 */
export const ConflictEntry = memo(function ConflictEntry({
  entry,
  names,
}: {
  entry: ConflictDoc;
  names: ActivityNames;
}) {
  const session = useWorkspace();
  const words = describeConflict(entry, names);
  const issue = useDoc(entry.issueId);
  const comment = useDoc(entry.commentId);
  const editIssue = useEditIssue(entry.issueId);
  const comments = useCommentActions(entry.issueId);
  const [busy, setBusy] = useState(false);

  const body = comment?.type === 'comment' ? comment : undefined;
  const restored = isRestored(
    entry,
    currentValue(entry, issue?.type === 'issue' ? issue : undefined, body?.body),
  );
  const mayRestore =
    entry.field === 'comment'
      ? body !== undefined &&
        body.issueId === entry.issueId &&
        body.authorId === session.userId &&
        can(session.role, 'comment:edit:own')
      : issue?.type === 'issue' && can(session.role, 'issue:edit');
  const mayDismiss = mayDelete(entry, session.role, session.userId);
  const headingId = `conflict-${entry._id}`;

  const restore = async () => {
    setBusy(true);
    const edit = restoreEdit(entry);
    const outcome = edit
      ? await editIssue(edit)
      : await comments.edit(entry.commentId ?? '', String(entry.lost.value ?? ''));
    setBusy(false);
    if (outcome.ok) showToast(`Restored ${words.lostBy}’s ${words.field}.`, 'success');
    else showToast(outcome.message, 'error');
  };

  const dismiss = async () => {
    const outcome = await session.write([{ _id: entry._id, _rev: entry._rev, _deleted: true }]);
    if (!outcome.ok) showToast(outcome.message, 'error');
  };

  const copy = async () => {
    const copied = await copyText(conflictValueText(entry.field, entry.lost.value, names));
    if (copied) showToast('Copied to the clipboard.');
    else showToast('Copying didn’t work here: select the text and copy it.', 'error');
  };

  const replacedBy = words.samePerson ? (
    'a later edit of theirs'
  ) : (
    <>
      <strong>{words.keptBy}</strong>’s later edit
    </>
  );
  return (
    <li className="activity__conflict">
      <article className="conflict-entry" aria-labelledby={headingId}>
        <header className="conflict-entry__header">
          <span className="conflict-entry__icon" aria-hidden="true">
            !
          </span>
          <p id={headingId} className="conflict-entry__title">
            {words.isText ? (
              <>
                <strong>{words.lostBy}</strong>’s {words.field} was replaced by {replacedBy}
              </>
            ) : (
              <>
                <strong>{words.lostBy}</strong> set the {words.field} to{' '}
                <strong>{words.lost}</strong>; {replacedBy} made it <strong>{words.kept}</strong>
              </>
            )}
          </p>
          <time
            className="activity__time"
            dateTime={entry.lost.at ?? entry.createdAt}
            title={`Edited ${formatDateTime(entry.lost.at ?? entry.createdAt)}`}
          >
            {timeAgo(entry.lost.at ?? entry.createdAt)}
          </time>
        </header>
        {words.isText ? (
          <pre className="conflict-entry__text">{words.lost || '(empty)'}</pre>
        ) : null}
        <div className="conflict-entry__actions">
          {restored ? (
            <span className="conflict-entry__restored">Restored</span>
          ) : mayRestore ? (
            <Button
              size="sm"
              onClick={() => void restore()}
              disabled={busy}
              aria-describedby={headingId}
            >
              Restore
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void copy()}
            aria-describedby={headingId}
          >
            Copy
          </Button>
          {mayDismiss ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void dismiss()}
              aria-describedby={headingId}
            >
              Dismiss
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
});
