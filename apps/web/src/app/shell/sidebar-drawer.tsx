import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

export interface SidebarDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The sidebar on a phone: a modal <dialog> sliding in from the left. showModal() traps focus and
 * makes the page inert; Escape, a tap outside, the Close button or following any of its links
 * or buttons closes it, and the browser gives focus back to the menu button that opened it.
 */
export function SidebarDrawer({ open, onClose, children }: SidebarDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Capture, so the drawer is closed before the link or button acts: a button that opens a
  // dialog (New issue, Search) then opens it over the page, not over the drawer.
  const closeOnAction = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a, button')) onClose();
  };
  return (
    <dialog
      ref={ref}
      className="sidebar-drawer"
      aria-label="Menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClickCapture={closeOnAction}
      // The drawer's content fills it, so a click on the <dialog> itself is on its backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <>
          <button type="button" className="sidebar-drawer__close" aria-label="Close menu">
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path
                d="M3 3l8 8M11 3l-8 8"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
          </button>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
