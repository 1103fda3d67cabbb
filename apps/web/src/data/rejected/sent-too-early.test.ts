import { describe, expect, it } from 'vitest';
import { testIssue } from '@keel/domain/test-fixtures';
import {
  referencesOf,
  refusedForMissingReference,
  ResendBudget,
  sentTooEarly,
} from './sent-too-early.ts';

const label = { _id: 'label:new', type: 'label', name: 'Bug' };
const parent = testIssue({ _id: 'issue:parent', number: 1 });
const issue = testIssue({
  _id: 'issue:child',
  number: 2,
  labelIds: [label._id],
  parentId: parent._id,
});
const record = { _id: 'activity:a', type: 'activity', issueId: issue._id };

function context(local: Record<string, object>, server: Record<string, object | undefined>) {
  return {
    local: async (id: string) => local[id] ?? null,
    server: async (id: string) => (id in server ? server[id] : null),
  };
}

describe('sentTooEarly', () => {
  it('lists what issues, comments and records point at', () => {
    expect(referencesOf(issue)).toEqual([label._id, parent._id]);
    expect(referencesOf(record)).toEqual([issue._id]);
    expect(referencesOf(label)).toEqual([]);
    // A cycle turned on and chosen offline is pushed with the issue, in no set order.
    expect(referencesOf({ ...issue, cycleId: 'cycle:p1.1' })).toEqual([
      label._id,
      parent._id,
      'cycle:p1.1',
    ]);
    expect(
      refusedForMissingReference(
        'Check the highlighted fields. The cycle must be one of the issue’s project',
      ),
    ).toBe(true);
  });

  it('holds for an issue whose new label is on the device but not yet on the server', async () => {
    const ctx = context({ [label._id]: label, [parent._id]: parent }, { [parent._id]: parent });
    expect(await sentTooEarly(issue, ctx)).toBe(true);
  });

  it('does not hold when everything it points at is on the server, or nowhere', async () => {
    const everywhere = context(
      { [label._id]: label, [parent._id]: parent },
      { [label._id]: label, [parent._id]: parent },
    );
    expect(await sentTooEarly(issue, everywhere)).toBe(false);
    expect(await sentTooEarly(issue, context({}, {}))).toBe(false);
  });

  it('holds when refused for a missing label that has reached the server since', async () => {
    // The label's own push landed while the refusal of the issue was on its way back.
    const everywhere = context(
      { [label._id]: label, [parent._id]: parent },
      { [label._id]: label, [parent._id]: parent },
    );
    expect(await sentTooEarly(issue, { ...everywhere, refusedAsMissing: true })).toBe(true);
    // Nothing on the device to wait for: a real refusal, even for a missing reference.
    expect(await sentTooEarly(issue, { ...context({}, {}), refusedAsMissing: true })).toBe(false);
    expect(
      refusedForMissingReference(
        'Check the highlighted fields. Each label must be a label of this workspace',
      ),
    ).toBe(true);
    expect(
      refusedForMissingReference(
        'Check the highlighted fields. A sub-issue of this issue cannot be its parent',
      ),
    ).toBe(false);
  });

  it('does not hold for an issue whose parent only differs on the server (a loop is a real refusal)', async () => {
    const ctx = context(
      { [label._id]: label, [parent._id]: { ...parent, title: 'Edited here' } },
      { [label._id]: label, [parent._id]: parent },
    );
    expect(await sentTooEarly(issue, ctx)).toBe(false);
  });

  it('holds for a record whose issue change the server does not have yet, not once it has', async () => {
    const edited = { ...issue, title: 'Changed here' };
    expect(
      await sentTooEarly(record, context({ [issue._id]: edited }, { [issue._id]: issue })),
    ).toBe(true);
    expect(
      await sentTooEarly(record, context({ [issue._id]: issue }, { [issue._id]: issue })),
    ).toBe(false);
  });

  it('does not hold when the server could not be asked', async () => {
    const ctx = context(
      { [label._id]: label },
      { [label._id]: undefined, [parent._id]: undefined },
    );
    expect(await sentTooEarly(issue, ctx)).toBe(false);
  });
});

describe('ResendBudget', () => {
  it('allows three resends per document, then no more', () => {
    const budget = new ResendBudget();
    expect([1, 2, 3, 4].map(() => budget.take('issue:x'))).toEqual([true, true, true, false]);
    expect(budget.take('issue:y')).toBe(true);
  });
});
