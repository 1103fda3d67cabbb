import type { ActivityDoc } from './documents.ts';

/**
 * The value a field had at `moment`, from its change records (oldest first) and its value now.
 * Before its first change a field held that change's `from`; with no changes, its value now.
 * Shared by the burn-up and the insights, so both read an issue's past the same way.
 */
export function valueAt(
  changes: readonly ActivityDoc[],
  moment: string,
  now: string | null,
): string | null {
  let value: unknown = changes.length ? changes[0]!.from : now;
  for (const change of changes) {
    if (change.createdAt > moment) break;
    value = change.to;
  }
  return typeof value === 'string' ? value : null;
}

/** The last moment of a `YYYY-MM-DD` day (UTC): a day's figures are taken at its end. */
export function endOfDay(day: string): string {
  return `${day}T23:59:59.999Z`;
}
