export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click on a link should open it in the app, in this tab: the main button with no
 * modifier. Ctrl/Cmd (new tab), Shift (new window), Alt (download) and other buttons are the
 * browser's to handle, as they are for any link.
 */
export function opensInPlace(event: ClickLike): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}
