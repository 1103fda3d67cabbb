import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { FormActions } from './form-actions.tsx';
import { TextField } from './text-field.tsx';
import { showToast } from './toast-store.ts';
import './shown-once.css';

export interface ShownOnceProps {
  /** The field's label: "Invitation link", "Token". */
  label: string;
  value: string;
  /** What it is for, and that Keel shows it this once. */
  children: ReactNode;
  onDone: () => void;
}

/**
 * A secret Keel keeps only the hash of (an invitation link, an API token), shown the one time
 * it can be, in a read-only field with Copy, and Done to leave.
 */
export function ShownOnce({ label, value, children, onDone }: ShownOnceProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // The clipboard API exists only on secure origins; the field stays selectable either way.
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
      showToast(
        `Copying was not allowed here; select the ${label.toLowerCase()} and copy it instead.`,
        'error',
      );
    }
  };
  return (
    <div className="form">
      {children}
      <TextField label={label} value={value} readOnly onFocus={(e) => e.target.select()} />
      <p role="status" className="shown-once__status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
      <FormActions>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="primary" data-autofocus onClick={onDone}>
          Done
        </Button>
      </FormActions>
    </div>
  );
}
