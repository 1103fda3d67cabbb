/** The longest a step waits for an idle period before it runs anyway. */
export const MAX_IDLE_WAIT_MS = 1_000;
/**
 * The most a step takes of one idle period. With nothing to draw the browser grants up to 50 ms,
 * and a key pressed or a click made meanwhile waits until the step returns: a few milliseconds
 * at a time keeps that wait short, as React's scheduler does.
 */
export const IDLE_SLICE_MS = 8;

/**
 * Run `step` in idle periods until it returns true; returns what cancels it. `timeLeft` is what
 * remains of the period, at most IDLE_SLICE_MS: 0 when the period was forced by the one-second
 * wait, so a step that only works while time is left simply asks again. Without
 * requestIdleCallback (Safari), in timer slices.
 */
export function whenIdle(step: (timeLeft: () => number) => boolean): () => void {
  let cancelled = false;
  let cancel = () => undefined as void;
  const next = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(
        (deadline) => {
          const end = performance.now() + IDLE_SLICE_MS;
          const timeLeft = () => Math.min(deadline.timeRemaining(), end - performance.now());
          if (!step(timeLeft)) next();
        },
        { timeout: MAX_IDLE_WAIT_MS },
      );
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(() => {
        const end = performance.now() + IDLE_SLICE_MS;
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
