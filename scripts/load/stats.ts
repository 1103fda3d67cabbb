/**
 * Figures for the load and fault scripts: latency percentiles from a histogram (a run records
 * millions of samples), counts by label, and the table the scripts print beside their targets.
 */

/** Latencies in whole milliseconds, exact up to `maxMs`; larger ones land in the last bucket. */
export class Histogram {
  readonly #counts: Uint32Array;
  #n = 0;
  #max = 0;
  #sum = 0;

  constructor(readonly maxMs = 600_000) {
    this.#counts = new Uint32Array(maxMs + 1);
  }

  record(ms: number) {
    const value = Math.max(0, Math.round(ms));
    this.#counts[Math.min(value, this.maxMs)]!++;
    this.#n++;
    this.#sum += value;
    if (value > this.#max) this.#max = value;
  }

  get count() {
    return this.#n;
  }

  get max(): number | null {
    return this.#n ? this.#max : null;
  }

  get mean(): number | null {
    return this.#n ? this.#sum / this.#n : null;
  }

  /**
   * The smallest value with at least `p` percent of the samples at or below it (nearest rank),
   * or null with no samples.
   */
  percentile(p: number): number | null {
    if (this.#n === 0) return null;
    const rank = Math.max(1, Math.ceil((p / 100) * this.#n));
    let seen = 0;
    for (let ms = 0; ms < this.#counts.length; ms++) {
      seen += this.#counts[ms]!;
      if (seen >= rank) return ms === this.maxMs ? this.#max : ms;
    }
    return this.#max;
  }
}

/** Nearest-rank percentile of plain samples (small sets: probe readings). */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Counts by label, e.g. failed requests by endpoint and status. */
export class Tally {
  readonly #counts = new Map<string, number>();

  add(label: string, n = 1) {
    this.#counts.set(label, (this.#counts.get(label) ?? 0) + n);
  }

  get total() {
    let sum = 0;
    for (const n of this.#counts.values()) sum += n;
    return sum;
  }

  /** Labels by count, largest first. */
  entries(): [string, number][] {
    return [...this.#counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }
}

/** One printed figure: what, the value as measured, the target, and whether it was met. */
export interface Row {
  what: string;
  value: string;
  target: string;
  /** null: reported without a target (or not measured). */
  ok: boolean | null;
}

/** A figure against an upper bound; a missing value is reported but neither met nor missed. */
export function atMost(
  what: string,
  value: number | null,
  limit: number | null,
  unit: string,
  digits = 0,
): Row {
  const shown = (v: number) =>
    `${v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;
  return {
    what,
    value: value === null ? 'n/a' : shown(value),
    target: limit === null ? '—' : `≤ ${shown(limit)}`,
    ok: value === null || limit === null ? null : value <= limit,
  };
}

/** A figure reported as text, without a target. */
export function info(what: string, value: string): Row {
  return { what, value, target: '—', ok: null };
}

/** The rows as a Markdown table, ready to paste into docs/performance.md. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| what | measured | target | |', '| --- | --- | --- | --- |'];
  for (const r of rows)
    lines.push(
      `| ${r.what} | ${r.value} | ${r.target} | ${r.ok === null ? '' : r.ok ? 'met' : 'missed'} |`,
    );
  return lines.join('\n');
}
