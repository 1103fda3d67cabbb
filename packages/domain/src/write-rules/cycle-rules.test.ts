import { describe, expect, it } from 'vitest';
import type { CycleDoc, WorkspaceDoc } from '../documents.ts';
import { cyclesToSchedule } from '../cycles.ts';
import { FIXTURE_TIME, testIssue, testProject } from '../test-fixtures.ts';
import { checkWorkspaceWrite } from './check-workspace-write.ts';
import {
  CYCLE_COMPLETED_BY_ROLLOVER,
  CYCLE_NOT_OF_PROJECT,
  CYCLE_PROJECT_NOT_FOUND,
  CYCLES_OVERLAP,
} from './cycle-rules.ts';
import { lookupOfDocs } from './lookup.ts';
import type { WriteBatchContext } from './types.ts';

const cycles = { enabled: true, weeks: 2, startWeekday: 1, upcoming: 2 };
const project = testProject({ cycles });
const otherProject = testProject({ _id: 'project:p2', key: 'OPS', cycles });
const [first, second, third] = cyclesToSchedule(project, [], '2026-11-27', FIXTURE_TIME) as [
  CycleDoc,
  CycleDoc,
  CycleDoc,
];
const [theirs] = cyclesToSchedule(otherProject, [], '2026-11-27', FIXTURE_TIME) as [CycleDoc];
const issue = testIssue({ number: 1, _rev: '1-a' });
const workspace: WorkspaceDoc[] = [project, otherProject, first, second, third, theirs, issue];

const context: WriteBatchContext = {
  role: 'admin',
  userId: 'u1',
  tombstone: () => null,
  numberReserved: () => true,
};

function verdictOf(doc: unknown, held: WorkspaceDoc[] = workspace) {
  const [verdict] = checkWorkspaceWrite([doc], context, lookupOfDocs(held));
  return verdict!.ok ? 'ok' : `${verdict!.rule}: ${verdict!.reason}`;
}

describe('an issue’s cycle', () => {
  it('is one of its own project’s cycles', () => {
    expect(verdictOf({ ...issue, cycleId: second._id })).toBe('ok');
    expect(verdictOf({ ...issue, cycleId: theirs._id })).toBe(
      `issue-cycle-of-project: ${CYCLE_NOT_OF_PROJECT}`,
    );
    expect(verdictOf({ ...issue, cycleId: 'cycle:p1.99' })).toBe(
      `issue-cycle-of-project: ${CYCLE_NOT_OF_PROJECT}`,
    );
    expect(verdictOf({ ...issue, cycleId: null })).toBe('ok');
  });

  it('is not checked again when the issue changes otherwise (its cycle deleted since)', () => {
    const inGone = { ...issue, cycleId: 'cycle:p1.99' };
    expect(verdictOf({ ...inGone, title: 'Renamed' }, [...workspace, inGone])).toBe('ok');
  });
});

describe('a project’s cycles', () => {
  const next = { ...third, _id: 'cycle:p1.4', number: 4, _rev: undefined };

  it('follow one another in order, never overlapping', () => {
    expect(verdictOf({ ...next, startsOn: '2027-01-04', endsOn: '2027-01-17' })).toBe('ok');
    expect(verdictOf({ ...next, startsOn: '2027-01-03', endsOn: '2027-01-17' })).toBe(
      `cycles-in-order: ${CYCLES_OVERLAP}`,
    );
    // A cycle's days changed into its neighbour's.
    expect(verdictOf({ ...second, endsOn: '2026-12-21' })).toBe(
      `cycles-in-order: ${CYCLES_OVERLAP}`,
    );
    expect(verdictOf({ ...second, name: 'Launch' })).toBe('ok');
  });

  it('are checked against every cycle of the project, not only the numbers beside them', () => {
    // Cycle 5, with no cycle 4, on days of cycle 2.
    const far = {
      ...next,
      _id: 'cycle:p1.5',
      number: 5,
      startsOn: '2026-12-08',
      endsOn: '2026-12-10',
    };
    expect(verdictOf(far)).toBe(`cycles-in-order: ${CYCLES_OVERLAP}`);
    // Another project's cycles on the same days are no matter.
    expect(
      verdictOf({
        ...theirs,
        _id: 'cycle:p2.2',
        number: 2,
        startsOn: '2027-01-04',
        endsOn: '2027-01-17',
      }),
    ).toBe('ok');
  });

  it('are completed only by their rollover, never by a client', () => {
    expect(verdictOf({ ...first, completedAt: FIXTURE_TIME })).toBe(
      `cycle-completed-by-rollover: ${CYCLE_COMPLETED_BY_ROLLOVER}`,
    );
    const done = { ...first, completedAt: FIXTURE_TIME, _rev: '2-a' };
    expect(verdictOf({ ...done, completedAt: null }, [...workspace, done])).toBe(
      `cycle-completed-by-rollover: ${CYCLE_COMPLETED_BY_ROLLOVER}`,
    );
    expect(verdictOf({ ...done, name: 'Launch' }, [...workspace, done])).toBe('ok');
  });

  it('belong to a project of the workspace', () => {
    const orphan = { ...first, _id: 'cycle:gone.1', projectId: 'project:gone' };
    expect(verdictOf(orphan)).toBe(`cycles-in-order: ${CYCLE_PROJECT_NOT_FOUND}`);
  });

  it('are written by owners and admins only', () => {
    const [verdict] = checkWorkspaceWrite(
      [{ ...second, name: 'Launch' }],
      { ...context, role: 'member' },
      lookupOfDocs(workspace),
    );
    expect(verdict).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});
