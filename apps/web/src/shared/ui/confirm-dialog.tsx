import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { FormActions, FormError } from './form-actions.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onClose: () => void;
  /** Resolves to an error message to show in the dialog, or null when done. */
  onConfirm: () => Promise<string | null>;
}

/** A yes/no question before something that cannot be undone; a refusal stays on screen. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  children,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    const message = await onConfirm();
    setBusy(false);
    if (message) setError(message);
    else close();
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
      <div className="form">
        {children}
        <FormError>{error}</FormError>
        <FormActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" data-autofocus disabled={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </FormActions>
      </div>
    </Dialog>
  );
}
