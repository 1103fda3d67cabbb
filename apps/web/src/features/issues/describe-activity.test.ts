import { DEFAULT_STATES, estimateLabel, type ActivityDoc } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { describeActivity, type ActivityNames } from './describe-activity.ts';
import { NOW } from './test-fixtures.ts';

const activity = (over: Partial<ActivityDoc>): ActivityDoc => ({
  _id: 'activity:1',
  type: 'activity',
  issueId: 'issue:1',
  actorId: 'u1',
  kind: 'created',
  from: null,
  to: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const names: ActivityNames = {
  states: DEFAULT_STATES,
  member: (id) => ({ u2: 'Grace' })[id],
  label: (id) => ({ 'label:bug': 'Bug', 'label:ui': 'UI' })[id],
  issue: (id) => ({ 'issue:9': 'ENG-9' })[id],
  cycle: (id) => ({ 'cycle:p1.3': 'Cycle 3', 'cycle:p1.4': 'Cycle 4' })[id],
  milestone: (id) => ({ 'milestone:a': 'Alpha', 'milestone:b': 'Beta' })[id],
  estimate: (points) => estimateLabel(points, 'fibonacci'),
};
const say = (over: Partial<ActivityDoc>) => describeActivity(activity(over), names);

describe('describeActivity', () => {
  it('says how the issue’s cycle changed', () => {
    expect(say({ kind: 'cycle', from: null, to: 'cycle:p1.3' })).toBe('added this to Cycle 3');
    expect(say({ kind: 'cycle', from: 'cycle:p1.3', to: 'cycle:p1.4' })).toBe(
      'moved this from Cycle 3 to Cycle 4',
    );
    expect(say({ kind: 'cycle', from: 'cycle:p1.9', to: null })).toBe(
      'removed this from a deleted cycle',
    );
  });

  it('says how the issue’s milestone changed', () => {
    expect(say({ kind: 'milestone', from: null, to: 'milestone:a' })).toBe(
      'added this to milestone “Alpha”',
    );
    expect(say({ kind: 'milestone', from: 'milestone:a', to: 'milestone:b' })).toBe(
      'moved this from milestone “Alpha” to milestone “Beta”',
    );
    expect(say({ kind: 'milestone', from: 'milestone:gone', to: null })).toBe(
      'removed this from a deleted milestone',
    );
  });

  it('says how the issue was related to another, or no longer is', () => {
    expect(say({ kind: 'relation', to: ['blocked-by', 'issue:9'] })).toBe(
      'marked this as blocked by ENG-9',
    );
    expect(say({ kind: 'relation', to: ['duplicates', 'issue:9'] })).toBe(
      'marked this as a duplicate of ENG-9',
    );
    expect(say({ kind: 'relation', from: ['relates', 'issue:gone'] })).toBe(
      'removed the relation: related to a deleted issue',
    );
  });

  it('names states and priorities by their names', () => {
    expect(say({ kind: 'state', from: 'todo', to: 'in-progress' })).toBe(
      'changed state from Todo to In Progress',
    );
    expect(say({ kind: 'priority', from: 0, to: 1 })).toBe(
      'changed priority from No priority to Urgent',
    );
    expect(say({ kind: 'state', from: 'gone', to: 'done' })).toBe(
      'changed state from a deleted state to Done',
    );
  });

  it('names people, labels and issues', () => {
    expect(say({ kind: 'assignee', from: null, to: 'u2' })).toBe('assigned Grace');
    expect(say({ kind: 'assignee', from: 'u2', to: null })).toBe('unassigned Grace');
    expect(say({ kind: 'assignee', from: null, to: 'u9' })).toBe('assigned a former member');
    expect(say({ kind: 'labels', from: [], to: ['label:bug'] })).toBe('added label Bug');
    expect(say({ kind: 'labels', from: ['label:bug'], to: ['label:ui', 'label:x'] })).toBe(
      'added labels UI and a deleted label and removed label Bug',
    );
    expect(say({ kind: 'parent', from: null, to: 'issue:9' })).toBe(
      'set the parent issue to ENG-9',
    );
    expect(say({ kind: 'parent', from: 'issue:9', to: null })).toBe(
      'removed the parent issue ENG-9',
    );
    expect(say({ kind: 'parent', from: 'issue:gone', to: null })).toBe(
      'removed the parent issue, since deleted',
    );
  });

  it('says who was subscribed automatically, and why', () => {
    expect(say({ kind: 'subscribed', from: 'assigned', to: ['u2'] })).toBe(
      'subscribed Grace as the assignee',
    );
    expect(say({ kind: 'subscribed', from: 'assigned', to: ['u1'] })).toBe(
      'subscribed as the assignee',
    );
    expect(say({ kind: 'subscribed', from: 'mentioned', to: ['u2', 'u9'] })).toBe(
      'subscribed Grace and a former member by mentioning them',
    );
    expect(say({ kind: 'subscribed', from: 'commented', to: ['u1'] })).toBe(
      'subscribed by commenting',
    );
  });

  it('describes dates, estimates and text changes', () => {
    expect(say({ kind: 'dueDate', from: null, to: '2025-07-01' })).toBe(
      'set the due date to Jul 1, 2025',
    );
    expect(say({ kind: 'dueDate', from: '2025-07-01', to: null })).toBe('removed the due date');
    expect(say({ kind: 'estimate', from: null, to: 1 })).toBe('set the estimate to 1 point');
    expect(say({ kind: 'estimate', from: 1, to: 5 })).toBe('set the estimate to 5 points');
    const tshirt = { ...names, estimate: (points: number) => estimateLabel(points, 'tshirt') };
    expect(describeActivity(activity({ kind: 'estimate', from: 1, to: 3 }), tshirt)).toBe(
      'set the estimate to M',
    );
    expect(say({ kind: 'title', from: 'a', to: 'b' })).toBe('changed the title from “a” to “b”');
    expect(say({ kind: 'description' })).toBe('updated the description');
    expect(say({ kind: 'created' })).toBe('created the issue');
    expect(say({ kind: 'created', to: ['import', 'jira', 'PROJ-12'] })).toBe(
      'imported the issue, created in Jira as PROJ-12',
    );
  });
});
