import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComboCloseReason } from './issue-properties-combobox.tsx';
import type { MenuField } from './property-menu-model.ts';

export interface MenuRequest {
  issueId: string;
  field: MenuField;
  /** What the menu hangs from: the row's or card's button, or the row when opened by key. */
  anchor: HTMLElement;
}

export interface PropertyMenuState {
  request: MenuRequest | null;
  /** Stable: rows and cards receive it as a prop and stay memoised. */
  open: (issueId: string, field: MenuField, anchor: HTMLElement) => void;
  close: (reason: ComboCloseReason) => void;
}

// A click on the button of an open menu first blurs the menu (closing it), then clicks the
// button: without this it would open again at once instead of toggling closed.
const REOPEN_GUARD_MS = 300;

/**
 * One property menu for a whole list or board: which issue and field it is open for. Closing
 * with Esc or a choice puts focus back where it was when the menu opened (the button, or the
 * row when opened with s/p/a/l), so keyboard users keep their place; a click elsewhere leaves
 * focus where the click put it.
 */
export function usePropertyMenu(fallbackFocus?: (request: MenuRequest) => void) {
  const [request, setRequest] = useState<MenuRequest | null>(null);
  const current = useRef<MenuRequest | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const blurred = useRef<{ anchor: HTMLElement; at: number } | null>(null);
  const fallback = useRef(fallbackFocus);
  useEffect(() => {
    fallback.current = fallbackFocus;
  });

  const open = useCallback((issueId: string, field: MenuField, anchor: HTMLElement) => {
    const last = blurred.current;
    if (last && last.anchor === anchor && performance.now() - last.at < REOPEN_GUARD_MS) return;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : anchor;
    current.current = { issueId, field, anchor };
    setRequest(current.current);
  }, []);

  const close = useCallback((reason: ComboCloseReason) => {
    const closing = current.current;
    if (!closing) return;
    current.current = null;
    setRequest(null);
    if (reason === 'blur') {
      blurred.current = { anchor: closing.anchor, at: performance.now() };
      return;
    }
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus({ preventScroll: true });
    else fallback.current?.(closing);
  }, []);

  return { request, open, close } satisfies PropertyMenuState;
}
