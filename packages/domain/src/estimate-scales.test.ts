import { describe, expect, it } from 'vitest';
import {
  ALL_ESTIMATES,
  ESTIMATE_SCALES,
  estimateLabel,
  estimateScaleMessage,
  estimateScaleOf,
  estimateSum,
  estimateValues,
} from './estimate-scales.ts';
import { testIssue, testProject } from './test-fixtures.ts';
import { checkWorkspaceWrite } from './write-rules/check-workspace-write.ts';
import { lookupOfDocs } from './write-rules/lookup.ts';

describe('estimate scales', () => {
  it('store Fibonacci as before, linear 1–10, T-shirt sizes as 1 2 3 5 8', () => {
    expect(estimateValues('fibonacci')).toEqual([0, 1, 2, 3, 5, 8, 13, 21]);
    expect(estimateValues('linear')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(estimateValues('tshirt')).toEqual([1, 2, 3, 5, 8]);
    expect(estimateValues('none')).toEqual([]);
    for (const scale of ESTIMATE_SCALES)
      for (const value of estimateValues(scale)) expect(ALL_ESTIMATES).toContain(value);
  });

  it('read a project made before scales as Fibonacci', () => {
    expect(estimateScaleOf(testProject())).toBe('fibonacci');
    expect(estimateScaleOf(testProject({ estimateScale: 'tshirt' }))).toBe('tshirt');
    expect(estimateScaleOf(undefined)).toBe('fibonacci');
  });

  it('label sizes as sizes and everything else in points', () => {
    expect(estimateLabel(5, 'tshirt')).toBe('L');
    expect(estimateLabel(13, 'tshirt')).toBe('13 points');
    expect(estimateLabel(1, 'fibonacci')).toBe('1 point');
    expect(estimateLabel(7, 'linear')).toBe('7 points');
    expect(estimateScaleMessage('tshirt')).toBe(
      'Estimate must be one of 1, 2, 3, 5, 8 (XS, S, M, L, XL)',
    );
  });

  it('sum, counting an issue without an estimate as 0', () => {
    expect(estimateSum([{ estimate: 3 }, { estimate: null }, { estimate: 8 }])).toBe(11);
    expect(estimateSum([])).toBe(0);
  });
});

describe('an issue’s estimate', () => {
  const context = {
    role: 'member' as const,
    userId: 'u1',
    tombstone: () => null,
    numberReserved: () => true,
  };
  const verdict = (issue: unknown, scale?: 'none' | 'linear' | 'tshirt') => {
    const project = testProject(scale ? { estimateScale: scale } : {});
    const held = testIssue({ number: 1, _rev: '1-a', estimate: 13 });
    const [v] = checkWorkspaceWrite([issue], context, lookupOfDocs([project, held]));
    return v!.ok ? 'ok' : v!.reason;
  };
  const held = testIssue({ number: 1, _rev: '1-a', estimate: 13 });

  it('is one of its project’s scale when set or changed', () => {
    expect(verdict({ ...held, estimate: 4 }, 'linear')).toBe('ok');
    expect(verdict({ ...held, estimate: 4 })).toBe(
      'Estimate must be one of 0, 1, 2, 3, 5, 8, 13, 21',
    );
    expect(verdict({ ...held, estimate: 4 }, 'tshirt')).toMatch(/XS, S, M, L, XL/);
    expect(verdict({ ...held, estimate: 1 }, 'none')).toBe('This project does not use estimates');
    expect(verdict({ ...held, estimate: null }, 'none')).toBe('ok');
  });

  it('comes back as it was when a deletion is undone, whatever the scale now', () => {
    const project = testProject({ estimateScale: 'linear' });
    const deleted = testIssue({ number: 1, estimate: 13 });
    const [v] = checkWorkspaceWrite(
      [deleted],
      { ...context, tombstone: () => deleted as unknown as Record<string, unknown> },
      lookupOfDocs([project]),
    );
    expect(v!.ok).toBe(true);
  });

  it('kept through a change of scale, is not refused when something else changes', () => {
    expect(verdict({ ...held, title: 'Renamed' }, 'linear')).toBe('ok');
    expect(verdict({ ...held, title: 'Renamed' }, 'none')).toBe('ok');
  });
});
