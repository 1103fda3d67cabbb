import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { validateMilestoneDraft, type MilestoneErrors } from './milestone-draft.ts';
import type { MilestoneDraft } from './milestone-writes.ts';

export interface MilestoneFormProps {
  initial: MilestoneDraft;
  /** How many milestones the project has, for its limit when adding one. */
  count: number;
  /** Editing a milestone (its row's form) rather than adding one. */
  editing?: boolean;
  submitLabel: string;
  /** The form's name for assistive technology: "Add milestone", "Edit milestone Beta". */
  label: string;
  onSubmit: (draft: MilestoneDraft) => Promise<WriteOutcome>;
  onCancel?: () => void;
}

/** A milestone's name and target day, with the domain's messages; a refused save keeps the text. */
export function MilestoneForm({
  initial,
  count,
  editing = false,
  submitLabel,
  label,
  onSubmit,
  onCancel,
}: MilestoneFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<MilestoneErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const badDate = useRef(false);
  const check = (d: MilestoneDraft): MilestoneErrors => {
    const found = validateMilestoneDraft(d, count, !editing);
    return badDate.current
      ? { ...found, targetOn: 'Target date must be a real date (YYYY-MM-DD)' }
      : found;
  };
  // Editing replaces the row's Edit button: keep keyboard focus in the row, on its name.
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);

  const update = (next: Partial<MilestoneDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (attempted) setErrors(check(merged));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setMessage(null);
    const local = check(draft);
    setErrors(local);
    if (local.name || local.targetOn) return;
    setBusy(true);
    const outcome = await onSubmit(draft);
    setBusy(false);
    if (!outcome.ok) {
      setMessage(outcome.message);
      return;
    }
    setAttempted(false);
    // Cleared for the next one unless something was typed while the save ran: that is kept.
    if (!editing) setDraft((current) => (current === draft ? initial : current));
  };

  return (
    <form className="milestone-form" aria-label={label} onSubmit={(e) => void submit(e)} noValidate>
      <FormError className="milestone-form__wide">{message}</FormError>
      <TextField
        label="Milestone name"
        ref={nameRef}
        autoComplete="off"
        placeholder="e.g. Public beta"
        value={draft.name}
        error={errors.name}
        onChange={(e) => update({ name: e.target.value })}
      />
      <TextField
        label="Target date"
        type="date"
        value={draft.targetOn}
        error={errors.targetOn}
        onChange={(e) => {
          // A half-typed date reads as empty; the field keeps what was typed, and says so.
          badDate.current = e.target.validity.badInput;
          update({ targetOn: e.target.value });
        }}
      />
      <FormActions className="milestone-form__actions">
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
