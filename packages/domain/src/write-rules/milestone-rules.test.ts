import { describe, expect, it } from 'vitest';
import type { MilestoneDoc, WorkspaceDoc } from '../documents.ts';
import { LIMITS } from '../limits.ts';
import { FIXTURE_TIME, testIssue, testProject } from '../test-fixtures.ts';
import { checkWorkspaceWrite } from './check-workspace-write.ts';
import { readsOfBatch } from './batch-reads.ts';
import { lookupOfDocs } from './lookup.ts';
import {
  MILESTONE_KEEPS_PROJECT,
  MILESTONE_NOT_OF_PROJECT,
  MILESTONE_PROJECT_NOT_FOUND,
  MILESTONES_LIMIT,
} from './milestone-rules.ts';
import type { WriteBatchContext } from './types.ts';

const project = testProject();
const otherProject = testProject({ _id: 'project:p2', key: 'OPS' });
const milestone = (n: number, projectId = project._id): MilestoneDoc => ({
  _id: `milestone:${projectId.slice(8)}m${n}`,
  type: 'milestone',
  projectId,
  name: `Milestone ${n}`,
  targetOn: null,
  sortOrder: `a${n}`,
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
});
const beta = { ...milestone(1), _rev: '1-a' };
const theirs = milestone(1, otherProject._id);
const issue = testIssue({ number: 1, _rev: '1-a' });
const workspace: WorkspaceDoc[] = [project, otherProject, beta, theirs, issue];

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

describe('an issue’s milestone', () => {
  it('is one of its own project’s milestones', () => {
    expect(verdictOf({ ...issue, milestoneId: beta._id })).toBe('ok');
    expect(verdictOf({ ...issue, milestoneId: theirs._id })).toBe(
      `issue-milestone-of-project: ${MILESTONE_NOT_OF_PROJECT}`,
    );
    expect(verdictOf({ ...issue, milestoneId: null })).toBe('ok');
  });

  it('may name a milestone deleted meanwhile: an offline edit or an undo is not refused for it', () => {
    // The admin deleted the milestone (and took the issue out); a member's edit made offline
    // before that still carries it, as a sibling revision.
    const taken = { ...issue, milestoneId: null, _rev: '2-b' };
    const offline = {
      ...issue,
      milestoneId: 'milestone:gone',
      description: 'Typed offline',
      _rev: '2-a',
      _revisions: { start: 2, ids: ['a', 'a'] },
    };
    const [verdict] = checkWorkspaceWrite(
      [offline],
      { ...context, replicated: true },
      lookupOfDocs([project, taken]),
    );
    expect(verdict).toMatchObject({ ok: true });
  });

  it('is checked after a milestone made in the same batch, whatever the order sent', () => {
    const fresh = milestone(7);
    const inIt = { ...issue, milestoneId: fresh._id };
    for (const batch of [
      [fresh, inIt],
      [inIt, fresh],
    ])
      expect(checkWorkspaceWrite(batch, context, lookupOfDocs(workspace)).map((v) => v.ok)).toEqual(
        [true, true],
      );
    // In the same batch, another project's new milestone is still refused.
    const elsewhere = milestone(8, otherProject._id);
    const [refused] = checkWorkspaceWrite(
      [{ ...issue, milestoneId: elsewhere._id }, elsewhere],
      context,
      lookupOfDocs(workspace),
    );
    expect(refused).toMatchObject({ ok: false, rule: 'issue-milestone-of-project' });
  });

  it('is not checked again when the issue changes otherwise (its milestone moved since)', () => {
    const inGone = { ...issue, milestoneId: 'milestone:gone' };
    expect(verdictOf({ ...inGone, title: 'Renamed' }, [...workspace, inGone])).toBe('ok');
  });

  it('is read by id for the check, not as the list of every milestone', () => {
    const reads = readsOfBatch([{ ...issue, milestoneId: beta._id }], (id) =>
      id === issue._id ? issue : undefined,
    );
    expect([...reads.ids]).toContain(beta._id);
    expect([...reads.lists]).not.toContain('milestone');
  });
});

describe('a project’s milestones', () => {
  it('belong to a project of the workspace, for good', () => {
    expect(verdictOf(milestone(2))).toBe('ok');
    expect(verdictOf(milestone(2, 'project:gone'))).toBe(
      `milestone-of-project: ${MILESTONE_PROJECT_NOT_FOUND}`,
    );
    expect(verdictOf({ ...beta, projectId: otherProject._id })).toBe(
      `milestone-of-project: ${MILESTONE_KEEPS_PROJECT}`,
    );
    expect(verdictOf({ ...beta, name: 'Public beta' })).toBe('ok');
  });

  it(`are at most ${LIMITS.milestonesPerProject} a project; another project's do not count`, () => {
    const full = Array.from({ length: LIMITS.milestonesPerProject }, (_, i) => milestone(i + 10));
    const held = [...workspace.filter((d) => d !== beta), ...full];
    expect(verdictOf(milestone(2), held)).toBe(`milestone-of-project: ${MILESTONES_LIMIT}`);
    expect(verdictOf(milestone(2, otherProject._id), held)).toBe('ok');
    // What a full project has can still be renamed and re-dated.
    expect(verdictOf({ ...full[0]!, _rev: '1-a', targetOn: '2027-03-01' }, held)).toBe('ok');
    // One deleted in the same batch makes room.
    const [deletion, added] = checkWorkspaceWrite(
      [{ _id: full[0]!._id, _rev: '1-a', _deleted: true }, milestone(2)],
      context,
      lookupOfDocs(held.map((d) => (d._id === full[0]!._id ? { ...d, _rev: '1-a' } : d))),
    );
    expect(deletion!.ok).toBe(true);
    expect(added!.ok).toBe(true);
  });
});
