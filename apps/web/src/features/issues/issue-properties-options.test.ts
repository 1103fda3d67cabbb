import { describe, expect, it } from 'vitest';
import { cyclesToSchedule, type LabelDoc, type MemberDoc } from '@keel/domain';
import { FIXTURE_TIME, testLabel, testMember, testProject } from '@keel/domain/test-fixtures';
import {
  assigneeOptions,
  cycleOptions,
  milestoneOptions,
  newLabelFields,
  parentOptions,
  toggle,
} from './issue-properties-options.ts';
import { dayLabel } from '../../shared/lib/day-label.ts';
import { makeIssue, makeProject, NOW } from './test-fixtures.ts';

const member = (userId: string, name: string, active = true): MemberDoc =>
  testMember({ userId, name, email: `${userId}@x.y`, active, createdAt: NOW, updatedAt: NOW });
const bug: LabelDoc = testLabel({
  _id: 'label:bug',
  name: 'Bug',
  color: '#EB5757',
  createdAt: NOW,
  updatedAt: NOW,
});

describe('issue property options', () => {
  it('offers active members and keeps the current one even if removed', () => {
    const members = [member('u1', 'Grace'), member('u2', 'Ada'), member('u3', 'Old', false)];
    expect(assigneeOptions(members, null).map((o) => o.label)).toEqual([
      'No assignee',
      'Ada',
      'Grace',
    ]);
    expect(assigneeOptions(members, 'u3').map((o) => o.label)).toContain('Old');
  });

  it('lists other issues by key, never the issue itself', () => {
    const project = makeProject();
    const a = makeIssue({ number: 1 });
    const b = makeIssue({ number: 2, title: 'Second' });
    const options = parentOptions(a._id, [a, b], new Map([[project._id, project]]));
    expect(options.map((o) => o.label)).toEqual(['No parent', 'ENG-2 Second']);
  });

  it('toggles a value', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('validates a new label name', () => {
    expect(newLabelFields('  Frontend ', [bug])).toMatchObject({ ok: true, name: 'Frontend' });
    expect(newLabelFields('bug', [bug])).toEqual({
      ok: false,
      message: 'A label named bug already exists',
    });
    expect(newLabelFields('x'.repeat(41), [])).toEqual({
      ok: false,
      message: 'Label name must be at most 40 characters',
    });
  });
});

describe('cycleOptions', () => {
  const project = testProject({
    cycles: { enabled: true, weeks: 1, startWeekday: 1, upcoming: 2 },
  });
  const cycles = cyclesToSchedule(project, [], '2026-11-27', FIXTURE_TIME);
  const past = {
    ...cycles[0]!,
    number: 9,
    _id: 'cycle:p1.9',
    startsOn: '2026-10-26',
    endsOn: '2026-11-01',
  };

  it('offers no cycle, the current one and those planned, each with its days', () => {
    const options = cycleOptions(cycles, null, '2026-11-27');
    expect(options.map((o) => o.label)).toEqual(['No cycle', 'Cycle 1', 'Cycle 2', 'Cycle 3']);
    expect(options[1]!.detail).toMatch(/ · current$/);
    expect(options[2]!.detail).not.toMatch(/current/);
  });

  it('keeps the issue’s own cycle once it is over, and no other past one', () => {
    expect(cycleOptions([past, ...cycles], past._id, '2026-11-27')[1]!.value).toBe(past._id);
    expect(cycleOptions([past, ...cycles], null, '2026-11-27')).toHaveLength(4);
  });
});

describe('milestoneOptions', () => {
  const milestone = (tail: string, targetOn: string | null) => ({
    _id: `milestone:${tail}`,
    type: 'milestone' as const,
    projectId: 'project:p1',
    name: tail,
    targetOn,
    sortOrder: 'a0',
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
  });

  it('offers none first, then the milestones in the order given, each with its target', () => {
    const options = milestoneOptions(
      [milestone('Alpha', '2026-12-04'), milestone('Beta', null)],
      '2026-11-27',
    );
    expect(options.map((o) => o.label)).toEqual(['No milestone', 'Alpha', 'Beta']);
    expect(options[1]!.detail).toBe(`Target ${dayLabel('2026-12-04', '2026-11-27')}`);
    expect(options[2]!.detail).toBeUndefined();
  });
});
