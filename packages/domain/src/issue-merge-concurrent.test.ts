import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeConcurrentComments } from './comment-merge.ts';
import { conflictEntries } from './conflict-entry.ts';
import { conflictDocSchema, type CommentDoc, type IssueDoc } from './documents.ts';
import { mergeConcurrentIssues, stampIssueEdits, type LostValue } from './issue-merge.ts';
import { testIssue } from './test-fixtures.ts';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const base = testIssue({
  number: 7,
  title: 'Fix the login crash',
  description: 'Steps:\n1. Open the app\n2. Sign in\n3. See the crash\n',
  labelIds: ['label:bug'],
  fieldTimes: { title: at(0), description: at(0) },
  fieldBy: { title: 'carol', description: 'carol' },
});

/** One person's edit on their device: the issue as the screens write it. */
const edit = (issue: IssueDoc, change: Partial<IssueDoc>, minute: number, by: string) =>
  stampIssueEdits({ ...issue, ...change, updatedAt: at(minute) }, issue, at(minute), by);

describe('mergeConcurrentIssues with the common version', () => {
  it('merges both sides’ edits of different parts of a description and title', () => {
    const a = edit(
      base,
      {
        title: 'Fix the login crash on Safari',
        description: base.description.replace('Open the app', 'Open the app on Safari'),
      },
      5,
      'alice',
    );
    const b = edit(
      base,
      { title: 'Fix login crash', description: `${base.description}\nExpected: no crash\n` },
      6,
      'bob',
    );
    const { issue, lost } = mergeConcurrentIssues([a, b], base);
    expect(issue.title).toBe('Fix login crash on Safari');
    expect(issue.description).toBe(
      'Steps:\n1. Open the app on Safari\n2. Sign in\n3. See the crash\n\nExpected: no crash\n',
    );
    expect(lost).toEqual([]);
    expect(issue.fieldTimes).toMatchObject({ title: at(6), description: at(6) });
  });

  it('keeps the later of two edits of the same words, and the other as a lost value', () => {
    const a = edit(base, { title: 'Fix the signup crash', priority: 1 }, 5, 'alice');
    const b = edit(base, { title: 'Fix the logout crash', priority: 2 }, 6, 'bob');
    const { issue, lost } = mergeConcurrentIssues([b, a], base);
    expect(issue).toMatchObject({ title: 'Fix the logout crash', priority: 2 });
    expect(issue.fieldBy).toMatchObject({ title: 'bob', priority: 'bob' });
    expect(lost).toEqual([
      {
        field: 'title',
        lost: { value: 'Fix the signup crash', by: 'alice', at: at(5) },
        kept: { value: 'Fix the logout crash', by: 'bob', at: at(6) },
      },
      {
        field: 'priority',
        lost: { value: 1, by: 'alice', at: at(5) },
        kept: { value: 2, by: 'bob', at: at(6) },
      },
    ]);
  });

  it('keeps the later text whole when both additions together pass the field’s limit', () => {
    const long = edit(base, { title: 'x'.repeat(200) }, 1, 'carol');
    const a = edit(long, { title: `${long.title} ${'a'.repeat(50)}` }, 5, 'alice');
    const b = edit(long, { title: `${'b'.repeat(50)} ${long.title}` }, 6, 'bob');
    const { issue, lost } = mergeConcurrentIssues([a, b], long);
    expect(issue.title).toBe(b.title);
    expect(lost.map((l) => [l.field, l.lost.value])).toEqual([['title', a.title]]);
  });

  it('takes a field changed on one side only, without a lost value', () => {
    const a = edit(base, { priority: 1 }, 5, 'alice');
    const b = edit(base, { assigneeId: 'bob' }, 3, 'bob');
    const { issue, lost } = mergeConcurrentIssues([a, b], base);
    expect(issue).toMatchObject({ priority: 1, assigneeId: 'bob' });
    expect(lost).toEqual([]);
  });

  it('keeps labels each side added and drops those each removed', () => {
    const a = edit(base, { labelIds: ['label:bug', 'label:ios'] }, 5, 'alice');
    const b = edit(base, { labelIds: ['label:web'] }, 6, 'bob');
    const { issue, lost } = mergeConcurrentIssues([a, b], base);
    expect(issue.labelIds).toEqual(['label:ios', 'label:web']);
    expect(lost).toEqual([]);
  });

  it('keeps who unsubscribed on one device when another subscribes someone else', () => {
    const watched = { ...base, subscriberIds: ['carol', 'dan'] };
    // Dan unsubscribes on his phone while Alice's comment mentions Bob on hers.
    const a = edit(watched, { subscriberIds: ['carol'], unsubscribedIds: ['dan'] }, 5, 'dan');
    const b = edit(watched, { subscriberIds: ['carol', 'dan', 'bob'] }, 6, 'alice');
    const { issue, lost } = mergeConcurrentIssues([a, b], watched);
    expect(issue.subscriberIds).toEqual(['carol', 'bob']);
    expect(issue.unsubscribedIds).toEqual(['dan']);
    expect(lost).toEqual([]);
    // Neither side unsubscribed anyone: the merge has no list of them at all.
    const c = edit(watched, { subscriberIds: ['carol'] }, 5, 'dan');
    expect(mergeConcurrentIssues([c, b], watched).issue).not.toHaveProperty('unsubscribedIds');
  });

  it('puts someone moved both ways where the later edit put them, never in both lists', () => {
    const watched = { ...base, subscriberIds: ['carol'], createdBy: 'dan' };
    const away = edit(watched, { unsubscribedIds: ['dan'] }, 5, 'dan');
    const back = edit(watched, { subscriberIds: ['carol', 'dan'] }, 6, 'dan');
    const later = mergeConcurrentIssues([away, back], watched).issue;
    expect(later.subscriberIds).toEqual(['carol', 'dan']);
    expect(later).not.toHaveProperty('unsubscribedIds');
    const awayLater = edit(watched, { unsubscribedIds: ['dan'] }, 7, 'dan');
    const merged = mergeConcurrentIssues([awayLater, back], watched).issue;
    expect(merged.subscriberIds).toEqual(['carol']);
    expect(merged.unsubscribedIds).toEqual(['dan']);
  });

  it('says whose state was replaced, by its id, and not when both chose the same state', () => {
    const a = edit(base, { stateId: 'done', completedAt: at(5) }, 5, 'alice');
    const b = edit(base, { stateId: 'canceled', canceledAt: at(6) }, 6, 'bob');
    expect(mergeConcurrentIssues([a, b], base).lost).toEqual([
      {
        field: 'state',
        lost: { value: 'done', by: 'alice', at: at(5) },
        kept: { value: 'canceled', by: 'bob', at: at(6) },
      },
    ]);
    const c = edit(base, { stateId: 'done', completedAt: at(7) }, 7, 'bob');
    expect(mergeConcurrentIssues([a, c], base).lost).toEqual([]);
  });

  it('without the common version keeps a differing text as lost, and nothing else', () => {
    const a = edit(base, { title: 'From A', priority: 1 }, 5, 'alice');
    const b = edit(base, { title: 'From B', priority: 2 }, 6, 'bob');
    const { issue, lost } = mergeConcurrentIssues([a, b], null);
    expect(issue).toMatchObject({ title: 'From B', priority: 2 });
    expect(lost.map((l) => [l.field, l.lost.value])).toEqual([['title', 'From A']]);
  });
});

describe('conflictEntries', () => {
  const lost: LostValue[] = [
    {
      field: 'title',
      lost: { value: 'A', by: 'alice', at: at(5) },
      kept: { value: 'B', by: 'bob', at: at(6) },
    },
  ];

  it('writes valid records whose id and times follow from their content', () => {
    const [entry] = conflictEntries('issue:i7', null, lost, at(9));
    expect(conflictDocSchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({ createdAt: at(6), updatedAt: at(6), field: 'title' });
    expect(conflictEntries('issue:i7', null, lost, at(30))).toEqual([entry]);
    const other = conflictEntries('issue:i7', null, [{ ...lost[0]!, field: 'description' }], at(9));
    expect(other[0]!._id).not.toBe(entry!._id);
  });
});

describe('mergeConcurrentComments', () => {
  const comment: CommentDoc = {
    _id: 'comment:c1',
    type: 'comment',
    issueId: 'issue:i7',
    body: 'Seen on iOS 17 and 18.',
    authorId: 'alice',
    editedAt: null,
    createdAt: at(0),
    updatedAt: at(0),
  };
  const edited = (body: string, minute: number): CommentDoc => ({
    ...comment,
    body,
    editedAt: at(minute),
    updatedAt: at(minute),
  });

  it('merges edits of different words and keeps the later of the same words', () => {
    const a = edited('Seen on iOS 17 and 18 (iPhone 15).', 3);
    const b = edited('Also seen on iOS 17 and 18.', 4);
    expect(mergeConcurrentComments([a, b], comment)).toEqual({
      comment: { ...b, body: 'Also seen on iOS 17 and 18 (iPhone 15).' },
      lost: [],
    });
    const c = edited('Seen on iOS 16 and 18.', 5);
    const d = edited('Seen on iOS 15 and 18.', 6);
    const merged = mergeConcurrentComments([d, c], comment);
    expect(merged.comment.body).toBe(d.body);
    expect(merged.lost).toEqual([
      {
        field: 'comment',
        lost: { value: c.body, by: 'alice', at: at(5) },
        kept: { value: d.body, by: 'alice', at: at(6) },
      },
    ]);
  });
});

// ---- The promise, for any two concurrent edit sequences --------------------------------------

/**
 * Typed characters are unique ideographs (letters, so they form words like any other), so the
 * property can ask of each one where it went. Base text is plain ASCII.
 */
let nextTyped = 0x4e00;
const typed = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 5 === 4 ? ' ' : String.fromCodePoint(nextTyped++))).join(
    '',
  );
const isTyped = (ch: string) => (ch.codePointAt(0) ?? 0) >= 0x4e00;

type TextOp =
  | { kind: 'insert'; at: number; length: number; newline: boolean }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; length: number; typed: number };

const textOp: fc.Arbitrary<TextOp> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.integer({ min: 1, max: 12 }),
    newline: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.integer({ min: 1, max: 8 }),
    typed: fc.integer({ min: 1, max: 8 }),
  }),
);

function applyText(text: string, op: TextOp, multiline: boolean): string {
  const chars = [...text];
  const index = Math.floor(op.at * chars.length);
  if (op.kind === 'insert') {
    const inserted = typed(op.length) + (op.newline && multiline ? '\n' : '');
    chars.splice(index, 0, inserted);
  } else if (op.kind === 'delete') chars.splice(index, op.length);
  else chars.splice(index, op.length, typed(op.typed));
  const next = chars.join('');
  return next.trim() === '' ? `${text}${typed(2)}` : next;
}

type IssueOp =
  | { field: 'title' | 'description'; op: TextOp }
  | { field: 'priority'; value: number }
  | { field: 'assigneeId'; value: string | null }
  | { field: 'labelIds'; add: string; remove: boolean };

const issueOp: fc.Arbitrary<IssueOp> = fc.oneof(
  fc.record({ field: fc.constantFrom('title' as const, 'description' as const), op: textOp }),
  fc.record({ field: fc.constant('priority' as const), value: fc.integer({ min: 0, max: 4 }) }),
  fc.record({
    field: fc.constant('assigneeId' as const),
    value: fc.constantFrom(null, 'alice', 'bob', 'carol'),
  }),
  fc.record({
    field: fc.constant('labelIds' as const),
    add: fc.constantFrom('label:a', 'label:b', 'label:c', 'label:bug'),
    remove: fc.boolean(),
  }),
);

function applyIssueOp(issue: IssueDoc, op: IssueOp, minute: number, by: string): IssueDoc {
  switch (op.field) {
    case 'title':
      return edit(
        issue,
        { title: applyText(issue.title, op.op, false).replace(/\n/g, ' ') },
        minute,
        by,
      );
    case 'description':
      return edit(issue, { description: applyText(issue.description, op.op, true) }, minute, by);
    case 'priority':
      return edit(issue, { priority: op.value }, minute, by);
    case 'assigneeId':
      return edit(issue, { assigneeId: op.value }, minute, by);
    case 'labelIds': {
      const labels = issue.labelIds.filter((l) => l !== op.add);
      return edit(issue, { labelIds: op.remove ? labels : [...labels, op.add] }, minute, by);
    }
  }
}

/** A device's edit sequence at increasing minutes; the two devices' minutes interleave. */
const sequence = fc.array(fc.tuple(issueOp, fc.integer({ min: 1, max: 59 })), { maxLength: 8 });
const replay = (ops: [IssueOp, number][], by: string, rev: string) => ({
  ...[...ops]
    .sort((x, y) => x[1] - y[1])
    .reduce((issue, [op, minute]) => applyIssueOp(issue, op, minute, by), base),
  _rev: rev,
});

const typedIn = (text: string) => [...text].filter(isTyped);

describe('nothing typed is lost (property)', () => {
  it('every character typed on either device is in the merged issue or in a lost value', () => {
    fc.assert(
      fc.property(sequence, sequence, (opsA, opsB) => {
        const a = replay(opsA, 'alice', '5-aaaa');
        const b = replay(opsB, 'bob', '4-bbbb');
        const { issue, lost } = mergeConcurrentIssues([a, b], base);
        for (const field of ['title', 'description'] as const) {
          const kept = new Set(typedIn(issue[field]));
          for (const entry of lost)
            if (entry.field === field)
              for (const ch of typedIn(String(entry.lost.value))) kept.add(ch);
          for (const side of [a, b])
            for (const ch of typedIn(side[field]))
              expect(kept.has(ch), `${field}: ${ch} of ${side[field]}`).toBe(true);
          // Nothing invented: every typed character of the merge was typed on one side.
          for (const ch of typedIn(issue[field]))
            expect(a[field].includes(ch) || b[field].includes(ch)).toBe(true);
        }
        // Any other field one side changed is the merged value or a lost value.
        for (const side of [a, b]) {
          for (const [field, key] of [
            ['priority', 'priority'],
            ['assignee', 'assigneeId'],
          ] as const) {
            if (side[key] === base[key] || side[key] === issue[key]) continue;
            expect(lost.some((l) => l.field === field && l.lost.value === side[key])).toBe(true);
          }
          for (const label of side.labelIds)
            if (!base.labelIds.includes(label)) expect(issue.labelIds).toContain(label);
        }
        // Every lost value is a valid conflict record.
        for (const entry of conflictEntries(base._id, null, lost, at(59)))
          expect(conflictDocSchema.safeParse(entry).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same issue and lost values whichever device merges (property)', () => {
    fc.assert(
      fc.property(sequence, sequence, (opsA, opsB) => {
        const a = replay(opsA, 'alice', '5-aaaa');
        const b = replay(opsB, 'bob', '4-bbbb');
        expect(mergeConcurrentIssues([b, a], base)).toEqual(mergeConcurrentIssues([a, b], base));
      }),
      { numRuns: 200 },
    );
  });
});
