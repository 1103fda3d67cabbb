/** A tiny queue of transient messages; any module may push, the ToastRegion shows them. */
export type ToastTone = 'info' | 'error' | 'success';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const VISIBLE_MS = 6_000;
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

export function showToast(message: string, tone: ToastTone = 'info'): void {
  // The same message twice in a row (a retrying sync, say) would only be noise.
  if (toasts.some((t) => t.message === message)) return;
  const toast = { id: nextId++, message, tone };
  toasts = [...toasts, toast].slice(-4);
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
