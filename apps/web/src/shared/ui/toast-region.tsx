import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from './toast-store.ts';
import './toast.css';

/** Rendered once at the root; the live region exists before any message so readers announce it. */
export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`}>
          <p>{toast.message}</p>
          {toast.action ? (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="toast__dismiss"
            aria-label="Dismiss"
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
