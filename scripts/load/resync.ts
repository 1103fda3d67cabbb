/**
 * How long devices took to be back in sync after a fault ended: looked at every so often, each
 * device's first moment in sync counts (a device syncing a busy workspace is in sync again and
 * again, and never all at once with every other).
 */
import { percentile } from './stats.ts';

export interface ResyncFigures {
  /** Devices watched. */
  devices: number;
  /** Devices not in sync by the time watching stopped. */
  never: number;
  /** Milliseconds from the fault's end, over devices back in sync; null when none were. */
  median: number | null;
  slowest: number | null;
}

export class ResyncWatch {
  readonly #backAt: (number | null)[];

  constructor(
    readonly devices: number,
    /** When the fault ended (performance.now()). */
    readonly endedAt: number,
  ) {
    this.#backAt = Array.from({ length: devices }, () => null);
  }

  /** At `now`, device `index` is in sync or not. */
  look(index: number, now: number, inSync: boolean) {
    if (inSync && this.#backAt[index] === null)
      this.#backAt[index] = Math.max(0, now - this.endedAt);
  }

  /** Indices of the `n` devices back last (those never back first). */
  slowest(n: number): number[] {
    return this.#backAt
      .map((t, i) => [t ?? Infinity, i] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, n)
      .map(([, i]) => i);
  }

  /** Milliseconds device `index` took; null: not back. */
  backAfter(index: number): number | null {
    return this.#backAt[index] ?? null;
  }

  /** Whether every device has been in sync since the fault ended. */
  get allBack(): boolean {
    return this.#backAt.every((t) => t !== null);
  }

  figures(): ResyncFigures {
    const back = this.#backAt.filter((t): t is number => t !== null);
    return {
      devices: this.devices,
      never: this.devices - back.length,
      median: percentile(back, 50),
      slowest: back.length ? Math.max(...back) : null,
    };
  }
}
