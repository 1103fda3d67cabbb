import { useEffect, useState } from 'react';

const MAX_WAIT_MS = 1_000;

/**
 * `value`, but updated only when the browser is idle (at most a second late). For derived
 * views that cost tens of milliseconds, like the inbox count: `useDeferredValue` would still run
 * them in the frame right after an edit, delaying the edit's own paint; this waits for a quiet
 * moment instead. `initial` is what the first render shows (the value itself by default).
 */
export function useIdleValue<T>(value: T, initial: T = value): T {
  const [idle, setIdle] = useState(initial);
  useEffect(() => {
    if (Object.is(idle, value)) return;
    const apply = () => setIdle(() => value);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(apply, { timeout: MAX_WAIT_MS });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(apply, 50);
    return () => clearTimeout(handle);
  }, [value, idle]);
  return idle;
}
