import { useState, type FormEvent } from 'react';
import { viewDocSchema } from '@keel/domain';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import type { ViewDraft } from './saved-view-writes.ts';

export interface SaveViewDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initial: ViewDraft;
  /** Whether the person may share views with the workspace (SPEC §10: not a viewer). */
  canShare: boolean;
  onSubmit: (draft: ViewDraft) => Promise<WriteOutcome>;
  onClose: () => void;
}

/** A view's name and whether the workspace sees it; a refused save keeps what was typed. */
export function SaveViewDialog({ open, onClose, title, ...form }: SaveViewDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {/* Mounted while open only: each opening starts from `initial`. */}
      {open ? <SaveViewForm {...form} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SaveViewForm({
  submitLabel,
  initial,
  canShare,
  onSubmit,
  onClose,
}: Omit<SaveViewDialogProps, 'open' | 'title'>) {
  const [draft, setDraft] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const check = (name: string) => {
    const parsed = viewDocSchema.shape.name.safeParse(name);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the name');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setMessage(null);
    const error = check(draft.name);
    setNameError(error);
    if (error) return;
    setBusy(true);
    const outcome = await onSubmit(draft);
    setBusy(false);
    if (!outcome.ok) setMessage(outcome.message);
  };

  return (
    <form className="save-view-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormError>{message}</FormError>
      <TextField
        label="Name"
        autoComplete="off"
        placeholder="e.g. My open bugs"
        value={draft.name}
        error={nameError}
        onChange={(e) => {
          setDraft({ ...draft, name: e.target.value });
          if (attempted) setNameError(check(e.target.value));
        }}
      />
      {canShare ? (
        <label className="save-view-form__share">
          <input
            type="checkbox"
            checked={draft.shared}
            onChange={(e) => setDraft({ ...draft, shared: e.target.checked })}
          />
          <span>
            Share with the workspace
            <span className="save-view-form__hint">
              Everyone in the workspace sees it in their sidebar; otherwise only you do.
            </span>
          </span>
        </label>
      ) : null}
      <FormActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
