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

// Tasks waiting for a paint, run at once if the page is put away first (see afterPaintThen).
const waiting = new Set<() => void>();
let listening = false;

function runWaiting(): void {
  for (const run of [...waiting]) run();
}

/**
 * `task`, started once the browser has painted what is on screen now (as afterPaint), or at once
 * when the page is hidden or closed meanwhile: a change shown in one frame and saved in the next
 * must not be lost with a page closed in between. Resolves to what the task resolves to.
 */
export function afterPaintThen<T>(task: () => Promise<T>): Promise<T> {
  if (!listening && typeof addEventListener === 'function') {
    listening = true;
    addEventListener('pagehide', runWaiting);
    addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') runWaiting();
    });
  }
  return new Promise<T>((resolve, reject) => {
    const run = () => {
      if (!waiting.delete(run)) return;
      // Started in the caller's task (the pagehide listener's, when the page closes), so its
      // synchronous part, where a write is put in the journal, runs before the page is gone.
      new Promise<T>((started) => started(task())).then(resolve, reject);
    };
    waiting.add(run);
    void afterPaint().then(run);
  });
}
