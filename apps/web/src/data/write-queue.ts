/**
 * One task at a time, in order. Held until `release` (the replica is open); after that, with
 * nothing queued, a task starts at once in the caller's task instead of a microtask later: a
 * person's change is then built, shown and rendered together with whatever their click or key
 * changed on screen (a closing list), in one render instead of two.
 */
export class WriteQueue {
  private tail: Promise<unknown>;
  private released = false;
  private open: () => void = () => undefined;
  /** Tasks queued that have not finished. */
  private waiting = 0;

  constructor() {
    this.tail = new Promise<void>((resolve) => {
      this.open = resolve;
    });
  }

  /** Not released yet: what is queued waits for the replica to open. */
  held(): boolean {
    return !this.released;
  }

  release(): void {
    this.released = true;
    this.open();
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const idle = this.released && this.waiting === 0;
    const previous = this.tail;
    // In place before the task starts: anything it queues while starting waits for it.
    let finished: () => void = () => undefined;
    this.tail = new Promise<void>((resolve) => (finished = resolve));
    this.waiting++;
    // Through a promise, so that a task throwing before its first await cannot stall the queue.
    const result = idle ? new Promise<T>((resolve) => resolve(task())) : previous.then(task);
    void result
      .catch(() => undefined)
      .finally(() => {
        this.waiting--;
        finished();
      });
    return result;
  }
}
