/**
 * The row j/k moves to: the first (j) or last (k) row when none is focused yet, then one step
 * at a time, stopping at either end. -1 when there are no rows.
 */
export function stepFocus(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + step));
}
