/** Revision bookkeeping that differs between copies of the same content. */
const META = new Set(['_rev', '_revisions', '_conflicts', '_deleted']);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .filter((k) => !META.has(k))
      .sort()
      .map((k) => [k, canonical(record[k])]),
  );
}

/**
 * Whether two versions of a document say the same thing, whatever their revisions and key
 * order; null stands for "absent or deleted".
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The document without revision bookkeeping, ready to be written on top of another revision. */
export function contentOf(doc: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !META.has(k)));
}
