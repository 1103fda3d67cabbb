import type { InputHTMLAttributes, Ref } from 'react';
import { FieldMessages } from './field-messages.tsx';
import { useFieldIds } from './use-field-ids.ts';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null | undefined;
  hint?: string | null | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <input
        ref={ref}
        id={ids.id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
