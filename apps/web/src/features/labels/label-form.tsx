import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COLOR_PALETTE } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { ColorField } from '../../shared/ui/color-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { useDocs } from '../../data/use-docs.ts';
import {
  nextPaletteColor,
  validateLabelDraft,
  type LabelDraft,
  type LabelErrors,
} from './label-draft.ts';

export interface LabelFormProps {
  initial: LabelDraft;
  /** The label being edited; absent for a new one. */
  selfId?: string;
  submitLabel: string;
  onSubmit: (draft: LabelDraft) => Promise<WriteOutcome>;
  onCancel?: () => void;
  /** Clear the fields after a successful save (the create form), or keep them (editing). */
  resetTo?: LabelDraft;
}

/** Name and colour of a label, with the domain's field messages; a refused save keeps the text. */
export function LabelForm({
  initial,
  selfId,
  submitLabel,
  onSubmit,
  onCancel,
  resetTo,
}: LabelFormProps) {
  const labels = useDocs('label');
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<LabelErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // Editing replaces the row's Edit button: keep keyboard focus in the row, on its name.
  useEffect(() => {
    if (selfId) nameRef.current?.focus();
  }, [selfId]);

  const update = (next: Partial<LabelDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (attempted) setErrors(validateLabelDraft(merged, labels, selfId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setMessage(null);
    const local = validateLabelDraft(draft, labels, selfId);
    setErrors(local);
    if (local.name || local.color) return;
    setBusy(true);
    const outcome = await onSubmit(draft);
    setBusy(false);
    if (!outcome.ok) {
      setMessage(outcome.message);
      return;
    }
    setAttempted(false);
    // Cleared for the next label unless something was typed while the save ran: that is kept.
    if (resetTo)
      setDraft((current) =>
        current === draft ? { ...resetTo, color: nextPaletteColor(draft.color) } : current,
      );
  };

  return (
    <form className="label-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormError className="label-form__wide">{message}</FormError>
      <TextField
        label="Label name"
        ref={nameRef}
        autoComplete="off"
        value={draft.name}
        error={errors.name}
        onChange={(e) => update({ name: e.target.value })}
      />
      <ColorField
        label="Label colour"
        value={draft.color}
        palette={COLOR_PALETTE}
        error={errors.color}
        onChange={(color) => update({ color })}
      />
      <FormActions className="label-form__wide">
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
