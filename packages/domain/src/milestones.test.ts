import { describe, expect, it } from 'vitest';
import { checkWorkspaceWrite, lookupOfDocs } from './write-rules/index.ts';
import { newMilestoneDocument, removeMilestoneFromIssues } from './milestones.ts';
import { FIXTURE_TIME, testIssue, testProject } from './test-fixtures.ts';

const project = testProject();
const beta = newMilestoneDocument({
  id: 'milestone:beta',
  projectId: project._id,
  name: '  Public beta ',
  targetOn: '',
  sortOrder: 'a0',
  now: FIXTURE_TIME,
});

describe('newMilestoneDocument', () => {
  it('is a valid milestone of the project, its name trimmed and an empty day read as none', () => {
    expect(beta).toMatchObject({ name: 'Public beta', targetOn: null });
    const [verdict] = checkWorkspaceWrite(
      [beta],
      { role: 'admin', userId: 'u1', tombstone: () => null, numberReserved: () => true },
      lookupOfDocs([project]),
    );
    expect(verdict).toMatchObject({ ok: true });
  });
});

describe('removeMilestoneFromIssues', () => {
  it('takes the milestone off exactly its issues, with one activity each', () => {
    const issues = [
      testIssue({ number: 1, milestoneId: beta._id }),
      testIssue({ number: 2, milestoneId: 'milestone:other' }),
      testIssue({ number: 3 }),
      testIssue({ number: 4, milestoneId: beta._id }),
    ];
    let n = 0;
    const { issues: changed, activities } = removeMilestoneFromIssues(beta._id, issues, {
      actorId: 'u1',
      now: '2026-02-01T00:00:00.000Z',
      newActivityId: () => `activity:a${++n}`,
    });
    expect(changed.map((i) => [i.number, i.milestoneId])).toEqual([
      [1, null],
      [4, null],
    ]);
    expect(activities.map((a) => [a.issueId, a.kind, a.from, a.to])).toEqual([
      ['issue:i1', 'milestone', beta._id, null],
      ['issue:i4', 'milestone', beta._id, null],
    ]);
  });
});
