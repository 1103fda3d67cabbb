import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { newDocId, type IssueDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import { issueDeletion } from './delete-issue.ts';

export interface DeleteIssueDialogProps {
  open: boolean;
  issue: IssueDoc;
  issueKey: string;
  /** Where to go when there is no earlier page of the app to go back to. */
  fallbackHref: string;
  onClose: () => void;
}

/**
 * Asks before deleting an issue (there is no undo: a deleted issue's number is not given out
 * again), then leaves its page and deletes it, with its sub-issues let go.
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
    const outcome = await session.update(() => {
      const current = session.store.get(issue._id);
      if (current?.type !== 'issue') return null;
      return issueDeletion(current, session.store.childrenOf(current._id), {
        projects: new Map(session.store.list('project').map((p) => [p._id, p])),
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      });
    });
    if (outcome.ok) showToast(`${issueKey} was deleted.`, 'success');
    else showToast(`${issueKey} wasn't deleted: ${outcome.message}`, 'error');
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
          “{issue.title}” is deleted for everyone, with its comments and history. This can’t be
          undone.
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
