import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ISSUE_FIELD_GROUPS, type IssueDoc, type IssueFieldGroup } from './documents.ts';
import { issueDocSchema } from './documents.ts';
import { mergeIssueVersions, stampIssueEdits } from './issue-merge.ts';
import { testIssue } from './test-fixtures.ts';

const GROUPS = Object.keys(ISSUE_FIELD_GROUPS) as IssueFieldGroup[];
const base = testIssue({ number: 12, title: 'Base', fieldTimes: {} });
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** One device's edit of one field group, as the screens make it. */
type Edit = { group: IssueFieldGroup; value: number; minute: number };

function applyEdit(issue: IssueDoc, edit: Edit): IssueDoc {
  const next: IssueDoc = { ...issue, updatedAt: at(edit.minute) };
  const v = edit.value;
  switch (edit.group) {
    case 'title':
      next.title = `Title ${v}`;
      break;
    case 'description':
      next.description = `Text ${v}`;
      break;
    case 'state':
      next.stateId = `state-${v}`;
      next.startedAt = at(edit.minute);
      break;
    case 'priority':
      next.priority = v % 5;
      break;
    case 'assignee':
      next.assigneeId = `user${v}`;
      break;
    case 'labels':
      next.labelIds = [`label:${v}`];
      break;
    case 'estimate':
      next.estimate = [1, 2, 3, 5, 8][v % 5] ?? null;
      break;
    case 'dueDate':
      next.dueDate = `2026-04-${String((v % 28) + 1).padStart(2, '0')}`;
      break;
    case 'parent':
      next.parentId = `issue:p${v}`;
      break;
    case 'sortOrder':
      next.sortOrder = `a${v}`;
      break;
    case 'subscribers':
      // Odd values also unsubscribe someone, so both fields of the group move.
      next.subscriberIds = [`user${v}`];
      if (v % 2) next.unsubscribedIds = [`user${v + 1}`];
      else delete next.unsubscribedIds;
      break;
  }
  return stampIssueEdits(next, issue, at(edit.minute));
}

const editArb = fc.record({
  group: fc.constantFrom(...GROUPS),
  value: fc.integer({ min: 0, max: 1_000 }),
  minute: fc.integer({ min: 0, max: 59 }),
});
/** A device's version: the base with a few edits in time order. */
const versionArb = fc
  .array(editArb, { maxLength: 5 })
  .map((edits) =>
    [...edits].sort((a, b) => a.minute - b.minute).reduce(applyEdit, base as IssueDoc),
  );

const content = (issue: object) => JSON.parse(JSON.stringify(issue)) as unknown;

describe('stampIssueEdits', () => {
  it('stamps exactly the groups that changed, keeping earlier stamps', () => {
    const first = stampIssueEdits({ ...base, title: 'New' }, base, at(1));
    expect(first.fieldTimes).toEqual({ title: at(1) });
    const second = stampIssueEdits({ ...first, priority: 2, labelIds: ['label:a'] }, first, at(2));
    expect(second.fieldTimes).toEqual({ title: at(1), priority: at(2), labels: at(2) });
  });

  it('leaves a new issue and an unchanged one alone', () => {
    expect(stampIssueEdits(base, null, at(1))).toBe(base);
    expect(stampIssueEdits({ ...base }, base, at(1)).fieldTimes).toEqual({});
  });

  it('compares lists by content, and an absent field as null', () => {
    const labelled = { ...base, labelIds: ['label:a', 'label:b'] };
    expect(
      stampIssueEdits({ ...labelled, labelIds: ['label:a', 'label:b'] }, labelled, at(1))
        .fieldTimes,
    ).toEqual({});
    expect(
      stampIssueEdits({ ...labelled, labelIds: ['label:b', 'label:a'] }, labelled, at(1))
        .fieldTimes,
    ).toEqual({ labels: at(1) });
    const { dueDate: _dropped, ...withoutDue } = { ...base, dueDate: null };
    expect(
      stampIssueEdits(withoutDue as typeof base, { ...base, dueDate: null }, at(1)).fieldTimes,
    ).toEqual({});
    expect(
      stampIssueEdits({ ...base, dueDate: '2026-01-02' }, { ...base, dueDate: null }, at(1))
        .fieldTimes,
    ).toEqual({ dueDate: at(1) });
  });

  it('counts a state change with the times it sets as one group', () => {
    const moved = stampIssueEdits({ ...base, stateId: 'started', startedAt: at(3) }, base, at(3));
    expect(moved.fieldTimes).toEqual({ state: at(3) });
  });
});

describe('mergeIssueVersions', () => {
  it('takes each side’s field when they edited different fields', () => {
    const a = applyEdit(base, { group: 'title', value: 1, minute: 5 });
    const b = applyEdit(base, { group: 'priority', value: 2, minute: 3 });
    const merged = mergeIssueVersions([a, b]);
    expect(merged).toMatchObject({ title: 'Title 1', priority: 2, updatedAt: at(5) });
    expect(merged.fieldTimes).toEqual({ title: at(5), priority: at(3) });
  });

  it('lets the later edit win when both edited the same field, whichever was first', () => {
    const a = applyEdit(base, { group: 'title', value: 1, minute: 9 });
    const b = applyEdit(base, { group: 'title', value: 2, minute: 4 });
    expect(mergeIssueVersions([a, b]).title).toBe('Title 1');
    expect(mergeIssueVersions([b, a]).title).toBe('Title 1');
  });

  it('moves a state with its started/completed times, never mixing two sides', () => {
    const a = { ...base, stateId: 'done', completedAt: at(2), fieldTimes: { state: at(2) } };
    const b = { ...base, stateId: 'started', startedAt: at(7), fieldTimes: { state: at(7) } };
    expect(mergeIssueVersions([a, b])).toMatchObject({
      stateId: 'started',
      startedAt: at(7),
      completedAt: null,
    });
  });

  it('merges issues written before edit times existed the same way on every device', () => {
    const { fieldTimes: _none, ...old } = base;
    const a = { ...old, title: 'From A' };
    const b = { ...old, title: 'From B' };
    expect(mergeIssueVersions([a, b])).toEqual(mergeIssueVersions([b, a]));
    expect(mergeIssueVersions([a, b]).fieldTimes).toBeUndefined();
  });

  it('drops revisions and keeps a valid issue document', () => {
    const a = { ...applyEdit(base, { group: 'title', value: 1, minute: 1 }), _rev: '2-aa' };
    const b = { ...applyEdit(base, { group: 'parent', value: 1, minute: 2 }), _rev: '2-bb' };
    const merged = mergeIssueVersions([a, b]);
    expect('_rev' in merged).toBe(false);
    expect(issueDocSchema.safeParse(merged).success).toBe(true);
  });

  it('does not depend on the order of versions (property)', () => {
    fc.assert(
      fc.property(fc.array(versionArb, { minLength: 1, maxLength: 4 }), (versions) => {
        const reversed = [...versions].reverse();
        expect(content(mergeIssueVersions(reversed))).toEqual(
          content(mergeIssueVersions(versions)),
        );
      }),
    );
  });

  it('is a join: merging a merge again, or one version with itself, changes nothing (property)', () => {
    fc.assert(
      fc.property(versionArb, versionArb, versionArb, (a, b, c) => {
        const all = content(mergeIssueVersions([a, b, c]));
        const stepwise = mergeIssueVersions([mergeIssueVersions([a, b]) as IssueDoc, c]);
        expect(content(stepwise)).toEqual(all);
        expect(content(mergeIssueVersions([a, a]))).toEqual(content(mergeIssueVersions([a])));
      }),
    );
  });

  it('keeps, for every field, the value of the side that edited it last (property)', () => {
    fc.assert(
      fc.property(
        fc.array(editArb, { maxLength: 6 }),
        fc.array(editArb, { maxLength: 6 }),
        (editsA, editsB) => {
          const byTime = (edits: Edit[]) => [...edits].sort((x, y) => x.minute - y.minute);
          const values = (i: IssueDoc, group: IssueFieldGroup) =>
            ISSUE_FIELD_GROUPS[group].map((f) => i[f]);
          /** Replay one side's edits; remember when each group last really changed. */
          const replay = (edits: Edit[]) => {
            const last = new Map<IssueFieldGroup, number>();
            const issue = byTime(edits).reduce((current, edit) => {
              const next = applyEdit(current, edit);
              const changed =
                JSON.stringify(values(next, edit.group)) !==
                JSON.stringify(values(current, edit.group));
              if (changed) last.set(edit.group, edit.minute);
              return next;
            }, base as IssueDoc);
            return { issue, last };
          };
          const { issue: a, last: timesA } = replay(editsA);
          const { issue: b, last: timesB } = replay(editsB);
          const merged = mergeIssueVersions([a, b]) as IssueDoc;
          for (const group of GROUPS) {
            const lastA = timesA.get(group) ?? -1;
            const lastB = timesB.get(group) ?? -1;
            // Edited on one side only: that side; on neither: the base; on both: the later one
            // (the same minute on both: either, but the same on every device).
            const got = values(merged, group);
            if (lastA > lastB) expect(got).toEqual(values(a, group));
            else if (lastB > lastA) expect(got).toEqual(values(b, group));
            else if (lastA === -1) expect(got).toEqual(values(base, group));
            else expect([values(a, group), values(b, group)]).toContainEqual(got);
          }
        },
      ),
    );
  });
});
