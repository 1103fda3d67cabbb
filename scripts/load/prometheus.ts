/**
 * Reading Keel's `/metrics` (Prometheus' text format) in the load and fault scripts: the samples
 * by metric name, their labels kept, so a figure can be summed over labels or picked by one.
 */

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** The samples of a scrape by metric name; comments and malformed lines are skipped. */
export function parsePrometheus(text: string): Map<string, Sample[]> {
  const out = new Map<string, Sample[]>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const [, name = '', labelText = '', valueText = ''] = match;
    const value =
      valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    if (Number.isNaN(value) && valueText !== 'NaN') continue;
    const labels: Record<string, string> = {};
    for (const [, key, v] of labelText.matchAll(LABEL)) labels[key!] = unescape(v!);
    const samples = out.get(name) ?? [];
    samples.push({ labels, value });
    out.set(name, samples);
  }
  return out;
}

/** The sum of `name`'s samples whose labels include `where`; null when there are none. */
export function metricValue(
  samples: Map<string, Sample[]>,
  name: string,
  where: Record<string, string> = {},
): number | null {
  const matching = (samples.get(name) ?? []).filter((s) =>
    Object.entries(where).every(([k, v]) => s.labels[k] === v),
  );
  return matching.length ? matching.reduce((sum, s) => sum + s.value, 0) : null;
}
