import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { WorkspaceSummary } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { createWorkspace, validateWorkspaceForm, type WorkspaceForm } from './create-workspace.ts';
import { suggestSlug } from './suggest-slug.ts';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';

type FieldErrors = Partial<Record<keyof WorkspaceForm, string>>;

export interface NewWorkspacePageProps {
  /** Whether there is a workspace to go back to (the first one has nowhere to return). */
  canGoBack: boolean;
  onCreated: (workspace: WorkspaceSummary) => void;
}

export function NewWorkspacePage({ canGoBack, onCreated }: NewWorkspacePageProps) {
  const [form, setForm] = useState<WorkspaceForm>({ name: '', slug: '' });
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Create a workspace');

  const update = (next: WorkspaceForm) => {
    setForm(next);
    // Once the user has tried to submit, keep the messages in step with what they type.
    if (attempted) setErrors(validateWorkspaceForm(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setMessage(null);
    const local = validateWorkspaceForm(form);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const result = await createWorkspace(form);
    setBusy(false);
    if (result.ok) onCreated(result.workspace);
    else {
      setErrors(result.fields);
      setMessage(result.message);
    }
  };

  return (
    <main className="centered-page">
      <div className="card">
        <h1>Create a workspace</h1>
        <p className="card__lead">
          A workspace holds your team&apos;s projects and issues. You can invite people later.
        </p>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <FormError>{message}</FormError>
          <TextField
            label="Workspace name"
            name="name"
            autoComplete="organization"
            autoFocus
            value={form.name}
            error={errors.name}
            onChange={(e) => {
              const name = e.target.value;
              update({ name, slug: slugEdited ? form.slug : suggestSlug(name) });
            }}
          />
          <TextField
            label="URL key"
            name="slug"
            autoCapitalize="none"
            spellCheck={false}
            value={form.slug}
            error={errors.slug}
            hint={`Your workspace will live at ${location.host}/${form.slug || 'your-key'}`}
            onChange={(e) => {
              setSlugEdited(true);
              update({ ...form, slug: e.target.value });
            }}
          />
          <FormActions>
            {canGoBack ? (
              <Link to="/" className="text-link">
                Cancel
              </Link>
            ) : null}
            <Button type="submit" variant="primary" disabled={busy}>
              Create workspace
            </Button>
          </FormActions>
        </form>
      </div>
    </main>
  );
}
