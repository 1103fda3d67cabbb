import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { issueDeletion, newDocId, type IssueDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { editedIssues, offerUndoOfIssueDeletion } from '../undo/index.ts';

export interface DeleteIssueDialogProps {
  open: boolean;
  issue: IssueDoc;
  issueKey: string;
  /** Where to go when there is no earlier page of the app to go back to. */
  fallbackHref: string;
  onClose: () => void;
}

/**
 * Asks before deleting an issue, then leaves its page and deletes it, with its sub-issues let go.
 * The toast that follows offers Undo (so does Ctrl/Cmd+Z): the issue comes back with its number.
 */
export function DeleteIssueDialog(props: DeleteIssueDialogProps) {
  const { open, issue, issueKey, fallbackHref, onClose } = props;
  const session = useWorkspace();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const children = open ? session.store.childrenOf(issue._id).length : 0;

  const remove = async () => {
    setBusy(true);
    // Off the page first: it would otherwise show "not found" for the issue it just deleted.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallbackHref, { replace: true });
    let deleted: { issue: IssueDoc; children: ReturnType<typeof editedIssues> } | null = null;
    const outcome = await session.update(() => {
      const current = session.store.get(issue._id);
      if (current?.type !== 'issue') return null;
      const children = session.store.childrenOf(current._id);
      const projects = new Map(session.store.list('project').map((p) => [p._id, p]));
      const docs = issueDeletion(current, children, {
        projects,
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      });
      deleted = {
        issue: current,
        children: editedIssues(children, docs, (id) => projects.get(id)),
      };
      return docs;
    });
    const done = deleted as { issue: IssueDoc; children: ReturnType<typeof editedIssues> } | null;
    if (outcome.ok && done) offerUndoOfIssueDeletion(session, `Deleted ${issueKey}`, [done]);
    else if (!outcome.ok) showToast(`${issueKey} wasn't deleted: ${outcome.message}`, 'error');
  };

  return (
    <Dialog open={open} title={`Delete ${issueKey}?`} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void remove();
        }}
      >
        <p>
          “{issue.title}” is deleted for everyone, with its comments and history. You can undo this
          right after.
          {children > 0
            ? ` Its ${children === 1 ? 'sub-issue stays' : `${children} sub-issues stay`}, without a parent.`
            : null}
        </p>
        <FormActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={busy} data-autofocus>
            Delete issue
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
