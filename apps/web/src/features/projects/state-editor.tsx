import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COLOR_PALETTE, type StateCategory, type WorkflowState } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { FormActions, FormError } from '../../shared/ui/form-actions.tsx';
import { ColorField } from '../../shared/ui/color-field.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { CATEGORY_COLORS, CATEGORY_OPTIONS } from './state-labels.ts';

export interface StateFields {
  name: string;
  category: StateCategory;
  color: string;
}

export interface StateRefusal {
  message: string;
  errors: readonly { path: string; message: string }[];
}

export interface StateEditorProps {
  /** The state being edited; a new state when absent. */
  state?: WorkflowState;
  submitLabel: string;
  /** Resolves to the refusal to show (with the field it concerns, if one), or null once saved. */
  onSubmit: (fields: StateFields) => Promise<StateRefusal | null>;
  onCancel?: () => void;
}

/**
 * Name, category and colour of one state. A refused save shows the domain's message and keeps
 * what was typed.
 */
export function StateEditor({ state, submitLabel, onSubmit, onCancel }: StateEditorProps) {
  const [fields, setFields] = useState<StateFields>(
    state
      ? { name: state.name, category: state.category, color: state.color }
      : { name: '', category: 'started', color: CATEGORY_COLORS.started },
  );
  const [colorPicked, setColorPicked] = useState(Boolean(state));
  const [refusal, setRefusal] = useState<StateRefusal | null>(null);
  const nameError = refusal?.errors.find((e) => e.path === 'name')?.message;
  const nameRef = useRef<HTMLInputElement>(null);
  // Editing replaces the row's Edit button: keep keyboard focus in the row, on its name.
  const editingId = state?.id;
  useEffect(() => {
    if (editingId) nameRef.current?.focus();
  }, [editingId]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await onSubmit(fields);
    setBusy(false);
    setRefusal(result);
    if (!result && !state) {
      setFields({ name: '', category: fields.category, color: fields.color });
    }
  };

  return (
    <form className="state-editor" onSubmit={(e) => void submit(e)} noValidate>
      <FormError className="state-editor__error">
        {refusal && !nameError ? refusal.message : null}
      </FormError>
      <TextField
        label="State name"
        ref={nameRef}
        className="state-editor__name"
        autoComplete="off"
        value={fields.name}
        error={nameError}
        onChange={(e) => setFields({ ...fields, name: e.target.value })}
      />
      <SelectField
        label="Category"
        value={fields.category}
        options={CATEGORY_OPTIONS}
        onChange={(e) => {
          const category = e.target.value as StateCategory;
          setFields({
            ...fields,
            category,
            color: colorPicked ? fields.color : CATEGORY_COLORS[category],
          });
        }}
      />
      <ColorField
        label="State colour"
        value={fields.color}
        palette={COLOR_PALETTE}
        onChange={(color) => {
          setColorPicked(true);
          setFields({ ...fields, color });
        }}
      />
      <FormActions className="state-editor__actions">
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button type="submit" variant={state ? 'primary' : 'secondary'} disabled={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
