import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { can, mayEditView, viewChanged, type ViewDoc } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { SaveViewButton } from './save-view-button.tsx';
import { SaveViewDialog } from './save-view-dialog.tsx';
import { deleteView, editView, saveViewQuery } from './saved-view-writes.ts';

/**
 * Beside a saved view's title: whether it is shared, and, once its filters are changed, saving
 * them into it (for those who may edit it), going back to what it saved, or saving them as a
 * new view; editing its name or sharing, and deleting it.
 */
export function SavedViewHeader({ view }: { view: ViewDoc }) {
  const session = useWorkspace();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const query = params.toString();
  const changed = viewChanged(view, query);
  const editable = mayEditView(view, session.role, session.userId);

  const editButton = useRef<HTMLButtonElement>(null);
  // Saving or resetting takes away the buttons pressed: keep keyboard focus in the header (its
  // Edit button), or, for someone who cannot edit the view, on the filter they work with next.
  const keepFocus = () =>
    requestAnimationFrame(() =>
      (editButton.current ?? document.querySelector<HTMLElement>('.filter-bar input'))?.focus(),
    );

  const save = async () => {
    const outcome = await saveViewQuery(session, view._id, query);
    if (outcome.ok) keepFocus();
    showToast(
      outcome.ok ? `View ${view.name} saved` : outcome.message,
      outcome.ok ? 'success' : 'error',
    );
  };
  const remove = async () => {
    const outcome = await deleteView(session, view._id);
    setDeleting(false);
    if (!outcome.ok) return showToast(outcome.message, 'error');
    showToast(`View ${view.name} deleted`, 'success');
    void navigate(`/${session.slug}/issues`);
  };

  return (
    <div className="saved-view-header">
      <span className="saved-view-header__scope">{view.shared ? 'Shared' : 'Personal'}</span>
      {changed ? (
        <>
          {editable ? (
            <Button size="sm" variant="primary" onClick={() => void save()}>
              Save changes
            </Button>
          ) : null}
          <Button
            size="sm"
            onClick={() => {
              setParams(view.query, { replace: true });
              keepFocus();
            }}
          >
            Reset
          </Button>
          <SaveViewButton
            projectId={view.projectId}
            initialName={`${view.name} (copy)`}
            label="Save as new view"
          />
        </>
      ) : null}
      {editable ? (
        <>
          <Button ref={editButton} size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Edit view
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
            Delete view
          </Button>
        </>
      ) : null}
      <SaveViewDialog
        open={editing}
        title={`Edit view ${view.name}`}
        submitLabel="Save"
        initial={{ name: view.name, shared: view.shared }}
        // An admin editing another's shared view keeps it shared (view-rules.ts).
        canShare={can(session.role, 'view:share') && view.ownerId === session.userId}
        onClose={() => setEditing(false)}
        onSubmit={async (draft) => {
          const outcome = await editView(session, view._id, draft);
          if (outcome.ok) setEditing(false);
          return outcome;
        }}
      />
      <Dialog
        open={deleting}
        title={`Delete view ${view.name}?`}
        onClose={() => setDeleting(false)}
      >
        <p>
          {view.shared
            ? 'It leaves everyone’s sidebar. The issues it shows are not changed.'
            : 'It leaves your sidebar. The issues it shows are not changed.'}
        </p>
        <FormActions>
          <Button onClick={() => setDeleting(false)}>Cancel</Button>
          <Button variant="danger" data-autofocus onClick={() => void remove()}>
            Delete view
          </Button>
        </FormActions>
      </Dialog>
    </div>
  );
}
