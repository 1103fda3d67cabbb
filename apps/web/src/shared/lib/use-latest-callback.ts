import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function that keeps its identity for the component's life but always runs the latest
 * `fn`. A memoised child given it is not redrawn because its parent rendered, yet the handler
 * still sees that render's values. Not for calling during render: `fn` is swapped in after it.
 */
export function useLatestCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  // Before layout effects, so a layout effect of a child calling it sees this render's `fn`.
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
