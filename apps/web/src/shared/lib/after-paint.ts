/**
 * Resolves once the browser has had its chance to paint what is on screen now: in a task after
 * the next animation frame. Where frames do not run (a hidden tab), after `fallbackMs` instead.
 */
export function afterPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
