import type { Clock } from './clock.ts';

/** A clock for tests: time moves only when `advance` says, running the timers that fall due. */
export class ManualClock implements Clock {
  private time = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.nextId;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.size;
  }

  /** Move time on by `ms`, running each timer that falls due in the order they fall due. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
      // Let what the timer started (a save's awaits) run before the next one falls due.
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    this.time = until;
  }
}
