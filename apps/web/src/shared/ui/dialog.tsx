import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * False while the dialog must not be dismissed by Escape or its × (a secret shown once, a
   * request in flight): its own buttons close it.
   */
  dismissible?: boolean;
}

/**
 * A modal on the native <dialog>: showModal() gives us the focus trap, inert background and
 * Escape handling for free, and returns focus to the opener on close. Closing is always routed
 * through `onClose` so the owner decides.
 */
export function Dialog({ open, title, onClose, children, dismissible = true }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() would focus the first focusable element, the close button. Start where the
      // work is instead: an element marked data-autofocus, else the first field.
      dialog.querySelector<HTMLElement>('[data-autofocus], input, textarea, select')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
    >
      {open ? (
        <>
          <header className="dialog__header">
            <h2 id={titleId}>{title}</h2>
            {dismissible ? (
              <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
                ×
              </button>
            ) : null}
          </header>
          <div className="dialog__body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
