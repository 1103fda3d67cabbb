import type { SelectHTMLAttributes } from 'react';
import { FieldMessages } from './field-messages.tsx';
import { useFieldIds } from './use-field-ids.ts';
import './field.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  error?: string | null | undefined;
  hint?: string | null | undefined;
}

/** A labelled native select: the browser gives it the combobox role and keyboard handling. */
export function SelectField({
  label,
  options,
  error,
  hint,
  className,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <select
        id={ids.id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
