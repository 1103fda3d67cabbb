import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

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
    return whenIdle(() => {
      setIdle(() => value);
      return true;
    });
  }, [value, idle]);
  return idle;
}
