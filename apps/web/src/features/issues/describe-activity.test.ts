import { DEFAULT_STATES, type ActivityDoc } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './describe-activity.ts';
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

describe('describeActivity', () => {
  it('names states and priorities by their names', () => {
    expect(
      describeActivity(
        activity({ kind: 'state', from: 'todo', to: 'in-progress' }),
        DEFAULT_STATES,
      ),
    ).toBe('changed state from Todo to In Progress');
    expect(describeActivity(activity({ kind: 'priority', from: 0, to: 1 }), DEFAULT_STATES)).toBe(
      'changed priority from No priority to Urgent',
    );
  });

  it('quotes titles and falls back to raw ids for states that are gone', () => {
    expect(describeActivity(activity({ kind: 'title', from: 'a', to: 'b' }), DEFAULT_STATES)).toBe(
      'changed the title from “a” to “b”',
    );
    expect(describeActivity(activity({ kind: 'state', from: 'x', to: 'done' }), [])).toBe(
      'changed state from x to done',
    );
  });

  it('describes creation', () => {
    expect(describeActivity(activity({}), DEFAULT_STATES)).toBe('created the issue');
  });
});
