/** The longest a step waits for an idle period before it runs anyway. */
export const MAX_IDLE_WAIT_MS = 1_000;

/**
 * Run `step` in idle periods until it returns true; returns what cancels it. `timeLeft` is the
 * idle period's remaining time: 0 when the period was forced by the one-second wait, so a step
 * that only works while time is left simply asks again. Without requestIdleCallback (Safari),
 * in timer slices of 8 ms.
 */
export function whenIdle(step: (timeLeft: () => number) => boolean): () => void {
  let cancelled = false;
  let cancel = () => undefined as void;
  const next = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(
        (deadline) => {
          if (!step(() => deadline.timeRemaining())) next();
        },
        { timeout: MAX_IDLE_WAIT_MS },
      );
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(() => {
        const end = performance.now() + 8;
        if (!step(() => end - performance.now())) next();
      }, 50);
      cancel = () => clearTimeout(handle);
    }
  };
  next();
  return () => {
    cancelled = true;
    cancel();
  };
}

/** `step` on each item in turn while idle time is left; returns what stops it. */
export function eachWhenIdle<T>(items: readonly T[], step: (item: T) => void): () => void {
  let next = 0;
  return whenIdle((timeLeft) => {
    while (next < items.length && timeLeft() > 1) step(items[next++]!);
    return next >= items.length;
  });
}
