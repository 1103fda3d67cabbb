import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldMessages } from './field-messages.tsx';
import { useFieldIds } from './use-field-ids.ts';
import './field.css';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  /** Keep the label for assistive tech only, when the surrounding layout already names it. */
  hideLabel?: boolean;
  error?: string | null | undefined;
  hint?: string | null | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  label,
  hideLabel,
  error,
  hint,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={ids.id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
