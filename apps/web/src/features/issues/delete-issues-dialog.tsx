import { useState } from 'react';
import { newDocId, type IssueDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { issueKeyOf, useProjectMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { type DeletedIssue, editedIssues, offerUndoOfIssueDeletion } from '../undo/index.ts';
import { issuesDeletion } from './delete-issues.ts';
import './delete-issues-dialog.css';

export interface DeleteIssuesDialogProps {
  /** The issues to delete; the dialog is open while there are any. */
  issues: readonly IssueDoc[];
  /** Selected issues this person may not delete (a member's, made by others): they stay. */
  kept: number;
  onClose: () => void;
  onDeleted?: (() => void) | undefined;
}

/** How many issues the dialog names before it says "and N more". */
const LISTED = 5;

/**
 * A list's or board's Delete issue…: asks first, then deletes the focused issue or the selected
 * ones in one write, their sub-issues let go. The screen stays where it is. The toast that
 * follows offers Undo (so does Ctrl/Cmd+Z), for all of them at once.
 */
export function DeleteIssuesDialog(props: DeleteIssuesDialogProps) {
  const { issues, kept, onClose, onDeleted } = props;
  const session = useWorkspace();
  const projects = useProjectMap();
  const [busy, setBusy] = useState(false);
  const one = issues.length === 1 ? issues[0] : undefined;
  const label = one ? issueKeyOf(one, projects) : `${issues.length} issues`;
  const ids = new Set(issues.map((i) => i._id));
  const children = issues.length
    ? issues.flatMap((i) => session.store.childrenOf(i._id)).filter((c) => !ids.has(c._id)).length
    : 0;

  const remove = async () => {
    setBusy(true);
    let deleted: DeletedIssue[] = [];
    const outcome = await session.update(() => {
      const current = issues.flatMap((i) => {
        const doc = session.store.get(i._id);
        return doc?.type === 'issue' ? [doc] : [];
      });
      if (current.length === 0) return null;
      const projectMap = new Map(session.store.list('project').map((p) => [p._id, p]));
      const childrenOf = (id: string) => session.store.childrenOf(id);
      const docs = issuesDeletion(current, childrenOf, {
        projects: projectMap,
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      });
      const gone = new Set(current.map((i) => i._id));
      deleted = current.map((issue) => ({
        issue,
        children: editedIssues(
          childrenOf(issue._id).filter((c) => !gone.has(c._id)),
          docs,
          (id) => projectMap.get(id),
        ),
      }));
      return docs;
    });
    setBusy(false);
    onClose();
    const [first] = deleted;
    if (!outcome.ok) return showToast(`${label} wasn't deleted: ${outcome.message}`, 'error');
    onDeleted?.();
    if (first)
      offerUndoOfIssueDeletion(
        session,
        deleted.length === 1
          ? `Deleted ${issueKeyOf(first.issue, projects)}`
          : `Deleted ${deleted.length} issues`,
        deleted,
      );
  };

  return (
    <Dialog open={issues.length > 0} title={`Delete ${label}?`} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void remove();
        }}
      >
        {one ? (
          <p>
            “{one.title}” is deleted for everyone, with its comments and history. You can undo this
            right after.
          </p>
        ) : (
          <>
            <p>
              These are deleted for everyone, with their comments and history. You can undo this
              right after.
            </p>
            <ul className="delete-issues__list">
              {issues.slice(0, LISTED).map((issue) => (
                <li key={issue._id}>
                  <span className="delete-issues__key">{issueKeyOf(issue, projects)}</span>{' '}
                  {issue.title}
                </li>
              ))}
              {issues.length > LISTED ? <li>and {issues.length - LISTED} more</li> : null}
            </ul>
          </>
        )}
        {children > 0 ? (
          <p>
            {children === 1 ? 'A sub-issue stays' : `${children} sub-issues stay`}, without a
            parent.
          </p>
        ) : null}
        {kept > 0 ? (
          <p>
            {kept === 1 ? 'One selected issue stays' : `${kept} selected issues stay`}: members
            delete only the issues they created.
          </p>
        ) : null}
        <FormActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={busy} data-autofocus>
            {one ? 'Delete issue' : `Delete ${issues.length} issues`}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
