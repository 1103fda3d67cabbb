import type { ReactNode } from 'react';
import './form-actions.css';

export interface FormActionsProps {
  children: ReactNode;
  /** Extra class for the form's own layout, e.g. spanning a grid's columns. */
  className?: string;
}

/** The footer of a form or dialog: its buttons, right-aligned, the primary one last. */
export function FormActions({ children, className }: FormActionsProps) {
  return <div className={className ? `form-actions ${className}` : 'form-actions'}>{children}</div>;
}

export interface FormErrorProps {
  /** Nothing is rendered when there is no message. */
  children?: ReactNode;
  className?: string;
  /**
   * Announce the message as it appears (role="alert"). Off for a standing notice that is part of
   * the form from the start rather than the answer to an action.
   */
  announce?: boolean;
}

/** The form-level message above the fields: a refusal from the server or a problem with the form. */
export function FormError({ children, className, announce = true }: FormErrorProps) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <p
      className={className ? `form-error ${className}` : 'form-error'}
      role={announce ? 'alert' : undefined}
    >
      {children}
    </p>
  );
}
