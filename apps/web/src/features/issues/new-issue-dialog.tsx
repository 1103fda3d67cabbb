import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { isSubmitChord } from '../../shared/lib/keyboard.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextAreaField } from '../../shared/ui/text-area-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useProjects } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { createIssue } from './create-issue.ts';
import { EMPTY_DRAFT, validateDraft, type DraftErrors, type IssueDraft } from './issue-draft.ts';
import './new-issue-dialog.css';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent);

export interface NewIssueDialogProps {
  open: boolean;
  onClose: () => void;
  /** The project of the page it was opened from; otherwise the first project. */
  defaultProjectId?: string | undefined;
}

/**
 * The draft lives here, outside the dialog's content, so closing with Esc or failing to save
 * never loses typed text; it is cleared only once the issue is saved.
 */
export function NewIssueDialog({ open, onClose, defaultProjectId }: NewIssueDialogProps) {
  const session = useWorkspace();
  const projects = useProjects();
  const [draft, setDraft] = useState<IssueDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const projectId =
    (projects.some((p) => p._id === draft.projectId) && draft.projectId) ||
    defaultProjectId ||
    projects[0]?._id ||
    '';

  const update = (next: Partial<IssueDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (attempted) setErrors(validateDraft(merged));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setAttempted(true);
    setMessage(null);
    const local = validateDraft(draft);
    setErrors(local);
    if (local.title || local.description) return;
    setBusy(true);
    const result = await createIssue(session, { ...draft, projectId });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fields);
      setMessage(result.message);
      return;
    }
    setDraft({ ...EMPTY_DRAFT, projectId: draft.projectId });
    setAttempted(false);
    onClose();
    showToast(`${result.key} created`, 'success');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (isSubmitChord(event)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Dialog open={open} title="New issue" onClose={onClose}>
      <form className="new-issue" onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} noValidate>
        <FormError>{message}</FormError>
        {projects.length === 0 ? (
          <FormError announce={false}>
            This workspace&apos;s projects haven&apos;t reached this device yet. Your text is kept;
            create the issue once they have.
          </FormError>
        ) : null}
        <TextField
          label="Title"
          name="title"
          data-autofocus
          autoComplete="off"
          placeholder="Issue title"
          value={draft.title}
          error={errors.title}
          onChange={(e) => update({ title: e.target.value })}
        />
        <TextAreaField
          label="Description"
          name="description"
          placeholder="Add a description… (Markdown)"
          rows={6}
          value={draft.description}
          error={errors.description}
          onChange={(e) => update({ description: e.target.value })}
        />
        <div className="new-issue__footer">
          <SelectField
            label="Project"
            className="new-issue__project"
            value={projectId}
            options={projects.map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
            onChange={(e) => update({ projectId: e.target.value })}
          />
          <span className="new-issue__hint">
            <kbd>{IS_MAC ? '⌘' : 'Ctrl'}</kbd> <kbd>Enter</kbd>
          </span>
          <Button type="submit" variant="primary" disabled={busy || projects.length === 0}>
            Create issue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
