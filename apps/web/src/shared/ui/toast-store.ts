/** A tiny queue of transient messages; any module may push, the ToastRegion shows them. */
export type ToastTone = 'info' | 'error' | 'success';

/** A button on a toast (Undo): it runs once, and the toast goes. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  key?: string;
  action?: ToastAction;
}

/**
 * Several parts of the app may notice the same event (a lost workspace: the layout and the
 * device clean-up). Toasts with one `key` are one message: a later one takes the earlier one's
 * place, except a `tentative` one, which is said only when nothing under its key is showing.
 */
export interface ToastOptions {
  key?: string;
  tentative?: boolean;
  action?: ToastAction;
}

/** How long an info toast stays on screen. */
export const TOAST_VISIBLE_MS = 6_000;
const VISIBLE_MS = TOAST_VISIBLE_MS;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(
  message: string,
  tone: ToastTone = 'info',
  options: ToastOptions = {},
): void {
  const { key, action } = options;
  // The same message twice in a row (a retrying sync, say) would only be noise; a toast with a
  // button is about one change, and replaces the one before under its key.
  if (!action && toasts.some((t) => t.message === message)) return;
  const same = key === undefined ? undefined : toasts.find((t) => t.key === key);
  if (same && options.tentative) return;
  const toast: Toast = {
    id: nextId++,
    message,
    tone,
    ...(key === undefined ? {} : { key }),
    ...(action ? { action } : {}),
  };
  toasts = same ? toasts.map((t) => (t === same ? toast : t)) : [...toasts, toast].slice(-4);
  emit();
  setTimeout(() => dismissToast(toast.id), tone === 'error' ? VISIBLE_MS * 2 : VISIBLE_MS);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
