import { useState, type FormEvent } from 'react';
import {
  can,
  deleteWorkspaceBody,
  renameWorkspaceBody,
  workspaceSummarySchema,
  zodErrors,
  type WorkspaceSummary,
} from '@keel/domain';
import { call, NO_CONTENT } from '../../shared/lib/api-call.ts';
import { fieldErrorMap } from '../../shared/lib/problem.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import './general-settings.css';

export interface GeneralSettingsPageProps {
  name: string;
  onRenamed: (workspace: WorkspaceSummary) => void;
  onDeleted: () => void;
}

/** `/:ws/settings`: the workspace's name (owner and admins) and deleting it (owner only). */
export function GeneralSettingsPage({ name, onRenamed, onDeleted }: GeneralSettingsPageProps) {
  useDocumentTitle('Settings');
  const { slug, role } = useWorkspace();
  const canRename = can(role, 'workspace:rename');
  const [draft, setDraft] = useState(name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmSlug, setConfirmSlug] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = renameWorkspaceBody.safeParse({ name: draft });
    if (!checked.success) return setErrors(fieldErrorMap(zodErrors(checked.error)));
    setErrors({});
    setBusy(true);
    const result = await call(`/api/workspaces/${slug}`, workspaceSummarySchema, {
      method: 'PATCH',
      body: { name: draft },
    });
    setBusy(false);
    if (!result.ok) {
      setErrors(fieldErrorMap(result.errors));
      setFormError(result.message);
      return;
    }
    setDraft(result.value.name);
    showToast('Workspace renamed', 'success');
    onRenamed(result.value);
  };

  const remove = async () => {
    const checked = deleteWorkspaceBody.safeParse({ confirmSlug });
    if (!checked.success || confirmSlug.trim() !== slug)
      return setDeleteError(`Type ${slug} to confirm`);
    setBusy(true);
    const result = await call(`/api/workspaces/${slug}`, NO_CONTENT, {
      method: 'DELETE',
      body: { confirmSlug },
    });
    setBusy(false);
    if (!result.ok) return setDeleteError(result.errors[0]?.message ?? result.message);
    onDeleted();
  };

  const closeDelete = () => {
    setDeleting(false);
    setConfirmSlug('');
    setDeleteError(null);
  };

  return (
    <div className="settings-section">
      <h1 className="settings-section__title">General</h1>
      <p className="settings-section__intro">
        The workspace&apos;s name shows in the sidebar and the workspace switcher. Its URL key,{' '}
        <code>{slug}</code>, is fixed.
      </p>
      <form className="form general-settings__form" onSubmit={(e) => void rename(e)} noValidate>
        <FormError>{formError}</FormError>
        <TextField
          label="Workspace name"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={errors.name}
          readOnly={!canRename}
          hint={canRename ? null : 'Admins and the owner can rename the workspace.'}
        />
        {canRename ? (
          <FormActions>
            <Button type="submit" variant="primary" disabled={busy || draft.trim() === name}>
              Save name
            </Button>
          </FormActions>
        ) : null}
      </form>
      {can(role, 'workspace:delete') ? (
        <section className="danger-zone" aria-labelledby="delete-title">
          <h2 id="delete-title" className="general-settings__subtitle">
            Delete workspace
          </h2>
          <p className="settings-section__intro">
            Deletes every project, issue and comment of this workspace for all its members. This
            cannot be undone; export the data first if you may need it.
          </p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete workspace
          </Button>
        </section>
      ) : null}
      <Dialog open={deleting} title={`Delete ${name}?`} onClose={closeDelete}>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void remove();
          }}
        >
          <p>
            Everything in it is deleted for every member. Type <strong>{slug}</strong> to confirm.
          </p>
          <TextField
            label="URL key"
            value={confirmSlug}
            autoComplete="off"
            onChange={(e) => setConfirmSlug(e.target.value)}
            error={deleteError}
          />
          <FormActions>
            <Button onClick={closeDelete}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={busy}>
              Delete workspace
            </Button>
          </FormActions>
        </form>
      </Dialog>
    </div>
  );
}
