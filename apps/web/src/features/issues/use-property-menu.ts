import { useCallback, useRef, useState } from 'react';
import type { ComboCloseReason } from './issue-properties-combobox.tsx';
import type { MenuField } from './property-menu-model.ts';

export interface MenuRequest {
  issueId: string;
  field: MenuField;
  /** What the menu hangs from: the row's or card's button, or the row when opened by key. */
  anchor: HTMLElement;
}

/** Where focus belongs after a menu closed: the issue's button for the field, or its row. */
export interface FocusHome {
  issueId: string;
  field: MenuField;
  onButton: boolean;
}

export interface PropertyMenuState {
  request: MenuRequest | null;
  /** Stable: rows and cards receive it as a prop and stay memoised. */
  open: (issueId: string, field: MenuField, anchor: HTMLElement) => void;
  close: (reason: ComboCloseReason) => void;
  /**
   * After the list redraws: where focus should go back when the element it went back to was
   * replaced (a new state moves the row to another group), else null. `showsOther`: whether
   * that element, still in place, now shows another issue (a list that reuses row elements).
   */
  lostFocus: (showsOther?: (element: Element, home: FocusHome) => boolean) => FocusHome | null;
}

// A click on the button of an open menu first blurs the menu (closing it), then clicks the
// button: without this it would open again at once instead of toggling closed.
const REOPEN_GUARD_MS = 300;
// How long after a choice a redraw may still take focus away: the save lands within this.
const SETTLE_MS = 3_000;

/**
 * One property menu for a whole list or board: which issue and field it is open for. Closing
 * with Esc or a choice puts focus back where it was when the menu opened (the button, or the
 * row when opened with s/p/a/l), so keyboard users keep their place; a click elsewhere leaves
 * focus where the click put it.
 */
export function usePropertyMenu(): PropertyMenuState {
  const [request, setRequest] = useState<MenuRequest | null>(null);
  const current = useRef<MenuRequest | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const blurred = useRef<{ anchor: HTMLElement; at: number } | null>(null);
  const settling = useRef<{ home: FocusHome; target: Element | null; until: number } | null>(null);

  const open = useCallback((issueId: string, field: MenuField, anchor: HTMLElement) => {
    const last = blurred.current;
    if (last && last.anchor === anchor && performance.now() - last.at < REOPEN_GUARD_MS) return;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : anchor;
    settling.current = null;
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
    const home = {
      issueId: closing.issueId,
      field: closing.field,
      onButton: target?.dataset.menu === closing.field,
    };
    settling.current = { home, target, until: performance.now() + SETTLE_MS };
    target?.focus({ preventScroll: true });
  }, []);

  const lostFocus = useCallback((showsOther?: (element: Element, home: FocusHome) => boolean) => {
    const pending = settling.current;
    if (!pending || performance.now() > pending.until) return null;
    const active = document.activeElement;
    const moved =
      !!active && active === pending.target && showsOther?.(active, pending.home) === true;
    if (active && active !== document.body && !moved) return null;
    settling.current = null;
    return pending.home;
  }, []);

  return { request, open, close, lostFocus };
}
