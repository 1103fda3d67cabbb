import { describe, expect, it } from 'vitest';
import { eventsOfChange, type FeedChange } from './webhook-events.ts';

const T1 = '2026-11-28T10:00:00.000Z';
const T2 = '2026-11-28T11:00:00.000Z';

const change = (
  id: string,
  doc: Record<string, unknown> | null,
  rev = '1-a',
  deleted = false,
): FeedChange => ({ id, rev, deleted, doc: doc && { _id: id, _rev: rev, ...doc } });

describe('eventsOfChange', () => {
  it('tells an issue’s creation and each edit by its activity', () => {
    const created = eventsOfChange(
      change('activity:a1', { kind: 'created', issueId: 'issue:i1', actorId: 'u1', createdAt: T1 }),
    );
    expect(created).toEqual([
      {
        id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        type: 'issue.created',
        docId: 'issue:i1',
        at: T1,
        actorId: 'u1',
      },
    ]);
    const [edit] = eventsOfChange(
      change('activity:a2', {
        kind: 'priority',
        issueId: 'issue:i1',
        actorId: 'u2',
        createdAt: T2,
        from: 'none',
        to: 'urgent',
      }),
    );
    expect(edit).toMatchObject({
      type: 'issue.updated',
      docId: 'issue:i1',
      activity: { kind: 'priority', from: 'none', to: 'urgent' },
    });
    // An undone deletion brings the issue back: created again, as receivers saw it deleted.
    expect(
      eventsOfChange(change('activity:a3', { kind: 'restored', issueId: 'issue:i1' }))[0]!.type,
    ).toBe('issue.created');
  });

  it('stays quiet about what says nothing new, or is not an activity at all', () => {
    expect(
      eventsOfChange(change('activity:a4', { kind: 'subscribed', issueId: 'issue:i1' })),
    ).toEqual([]);
    // An issue's own document changes with every activity; the activity is what tells.
    expect(eventsOfChange(change('issue:i1', { title: 'x' }, '2-b'))).toEqual([]);
    expect(eventsOfChange(change('member:u1', { role: 'admin' }))).toEqual([]);
    expect(eventsOfChange(change('_design/x', {}))).toEqual([]);
    expect(eventsOfChange(change('activity:a5', null, '2-x', true))).toEqual([]);
  });

  it('names an event by its change, so a feed read twice gives the same ids', () => {
    const a = eventsOfChange(
      change('comment:c1', { createdAt: T1, updatedAt: T1, editedAt: null }),
    );
    const b = eventsOfChange(
      change('comment:c1', { createdAt: T1, updatedAt: T1, editedAt: null }),
    );
    const edited = eventsOfChange(
      change('comment:c1', { createdAt: T1, updatedAt: T2, editedAt: T2, authorId: 'u1' }, '2-c'),
    );
    expect(a[0]!.id).toBe(b[0]!.id);
    expect(edited[0]).toMatchObject({ type: 'comment.updated', at: T2, actorId: 'u1' });
    expect(edited[0]!.id).not.toBe(a[0]!.id);
  });

  it('tells deletions, and other documents made or edited by their times', () => {
    expect(eventsOfChange(change('issue:i1', { number: 3 }, '5-d', true))[0]!.type).toBe(
      'issue.deleted',
    );
    expect(eventsOfChange(change('comment:c1', {}, '3-d', true))[0]!.type).toBe('comment.deleted');
    const types = [
      change('project:p1', { createdAt: T1, updatedAt: T1 }),
      change('project:p1', { createdAt: T1, updatedAt: T2 }, '2-x'),
      change('project:p1', null, '3-x', true),
      change('cycle:p1.1', { createdAt: T1, updatedAt: T1, completedAt: null }),
      change('cycle:p1.1', { createdAt: T1, updatedAt: T2, completedAt: null }, '2-x'),
      change('cycle:p1.1', { createdAt: T1, updatedAt: T2, completedAt: T2 }, '3-x'),
      change('milestone:m1', { createdAt: T1, updatedAt: T1 }),
      change('milestone:m1', { createdAt: T1, updatedAt: T2 }, '2-x'),
      change('milestone:m1', null, '3-x', true),
      change('relation:blocks.aaaa.bbbb', { createdAt: T1, createdBy: 'u1' }),
      change('relation:blocks.aaaa.bbbb', null, '2-x', true),
    ].map((c) => eventsOfChange(c)[0]?.type);
    expect(types).toEqual([
      'project.created',
      'project.updated',
      'project.deleted',
      'cycle.created',
      'cycle.updated',
      'cycle.completed',
      'milestone.created',
      'milestone.updated',
      'milestone.deleted',
      'relation.created',
      'relation.deleted',
    ]);
  });
});
