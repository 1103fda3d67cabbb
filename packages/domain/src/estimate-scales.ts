import { z } from 'zod';
import type { ProjectDoc } from './documents.ts';

/**
 * A project's estimate scale (SPEC §10). Estimates are stored as numbers whatever the scale:
 * Fibonacci as before, linear 1–10, T-shirt sizes as 1 2 3 5 8, so sums and progress read the
 * same in every project. `none` turns estimates off for the project.
 */
export const ESTIMATE_SCALES = ['none', 'fibonacci', 'linear', 'tshirt'] as const;
export type EstimateScale = (typeof ESTIMATE_SCALES)[number];

export const estimateScaleSchema = z.enum(ESTIMATE_SCALES, {
  error: 'Estimate scale must be none, Fibonacci, linear or T-shirt',
});

export const ESTIMATE_SCALE_LABELS: Record<EstimateScale, string> = {
  none: 'No estimates',
  fibonacci: 'Fibonacci (0, 1, 2, 3, 5, 8, 13, 21)',
  linear: 'Linear (1–10)',
  tshirt: 'T-shirt (XS, S, M, L, XL)',
};

const SCALE_VALUES: Record<EstimateScale, readonly number[]> = {
  none: [],
  fibonacci: [0, 1, 2, 3, 5, 8, 13, 21],
  linear: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  tshirt: [1, 2, 3, 5, 8],
};

const TSHIRT_SIZES: Readonly<Record<number, string>> = { 1: 'XS', 2: 'S', 3: 'M', 5: 'L', 8: 'XL' };

/** Every number some scale stores: what an issue's estimate may hold at all (fields.ts). */
export const ALL_ESTIMATES: readonly number[] = [
  ...new Set(Object.values(SCALE_VALUES).flat()),
].sort((a, b) => a - b);

/** Projects made before scales estimate in Fibonacci, as every project did. */
export function estimateScaleOf(
  project: Pick<ProjectDoc, 'estimateScale'> | undefined,
): EstimateScale {
  return project?.estimateScale ?? 'fibonacci';
}

export function estimateValues(scale: EstimateScale): readonly number[] {
  return SCALE_VALUES[scale];
}

/** How an estimate reads in its project: "M", or "3 points". */
export function estimateLabel(value: number, scale: EstimateScale): string {
  return (scale === 'tshirt' ? TSHIRT_SIZES[value] : undefined) ?? estimatePoints(value);
}

/** A number of points, for a single estimate or a sum ("1 point", "13 points"). */
export function estimatePoints(points: number): string {
  return `${points} point${points === 1 ? '' : 's'}`;
}

/** What the issue's project's scale allows, for a refused estimate. */
export function estimateScaleMessage(scale: EstimateScale): string {
  if (scale === 'none') return 'This project does not use estimates';
  const values = SCALE_VALUES[scale];
  const sizes = scale === 'tshirt' ? ` (${values.map((v) => TSHIRT_SIZES[v]).join(', ')})` : '';
  return `Estimate must be one of ${values.join(', ')}${sizes}`;
}

/** The estimates of some issues added up; an issue without one counts 0. */
export function estimateSum(issues: readonly { estimate: number | null }[]): number {
  let sum = 0;
  for (const issue of issues) sum += issue.estimate ?? 0;
  return sum;
}
