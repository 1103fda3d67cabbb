import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import '../../shared/ui/button.css';

export interface PopoverProps {
  label: ReactNode;
  /** The accessible name of the panel, e.g. "Filters". */
  title: string;
  children: ReactNode;
  buttonProps?: { 'aria-label'?: string };
}

/**
 * A button that opens a small non-modal panel below it. Esc or a click elsewhere closes it and
 * focus goes back to the button, so keyboard users never lose their place.
 */
export function Popover({ label, title, children, buttonProps }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  return (
    <div className="popover" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost button--sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        {...buttonProps}
      >
        {label}
      </button>
      {open ? (
        <div
          id={panelId}
          className="popover__panel"
          role="group"
          aria-label={title}
          data-holds-keys
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
