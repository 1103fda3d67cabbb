import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityDoc, CommentDoc } from '@keel/domain';
import { mergeTimeline } from './activity-timeline-merge.ts';

const activity = (id: string, at: string): ActivityDoc => ({
  _id: `activity:${id}`,
  type: 'activity',
  issueId: 'issue:1',
  actorId: 'u1',
  kind: 'priority',
  from: 0,
  to: 1,
  createdAt: at,
  updatedAt: at,
});
const comment = (id: string, at: string): CommentDoc => ({
  _id: `comment:${id}`,
  type: 'comment',
  issueId: 'issue:1',
  body: 'hi',
  authorId: 'u1',
  editedAt: null,
  createdAt: at,
  updatedAt: at,
});
const t = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

describe('mergeTimeline', () => {
  it('interleaves comments and activity by time', () => {
    const merged = mergeTimeline([activity('a', t(1)), activity('b', t(3))], [comment('c', t(2))]);
    expect(merged.map((e) => e.id)).toEqual(['activity:a', 'comment:c', 'activity:b']);
  });

  it('puts "created" first among entries of the same instant, whatever their ids', () => {
    const created = { ...activity('z', t(1)), kind: 'created' as const, from: null, to: null };
    const parent = { ...activity('a', t(1)), kind: 'parent' as const, from: null, to: 'issue:p' };
    expect(mergeTimeline([parent, created], []).map((e) => e.id)).toEqual([
      'activity:z',
      'activity:a',
    ]);
  });

  it('puts an automatic subscription after what caused it in the same instant', () => {
    const subscribed = {
      ...activity('a', t(1)),
      kind: 'subscribed' as const,
      from: 'assigned',
      to: ['u2'],
    };
    const assigned = { ...activity('z', t(1)), kind: 'assignee' as const, from: null, to: 'u2' };
    expect(mergeTimeline([subscribed, assigned], []).map((e) => e.id)).toEqual([
      'activity:z',
      'activity:a',
    ]);
  });

  it('keeps every entry, in time order, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 20 }),
        (as, cs) => {
          const merged = mergeTimeline(
            as.map((m, i) => activity(`a${i}`, t(m))),
            cs.map((m, i) => comment(`c${i}`, t(m))),
          );
          expect(merged).toHaveLength(as.length + cs.length);
          for (let i = 1; i < merged.length; i++)
            expect(merged[i - 1]!.at <= merged[i]!.at).toBe(true);
        },
      ),
    );
  });
});
