import { describe, expect, it } from 'vitest';
import { conflictDocSchema } from '@keel/domain';
import { testIssue } from '@keel/domain/test-fixtures';
import { commonRevision, conflictResolution } from './conflicts.ts';

const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`;
const base = testIssue({ number: 3, title: 'Base' });
const a = {
  ...base,
  _rev: '2-aaaa',
  title: 'Title from A',
  updatedAt: at(1),
  fieldTimes: { title: at(1) },
};
const b = {
  ...base,
  _rev: '2-bbbb',
  priority: 2,
  updatedAt: at(2),
  fieldTimes: { priority: at(2) },
};

describe('conflictResolution', () => {
  it('writes the merge on the winner and deletes every other version', () => {
    expect(conflictResolution(b, [a], null)).toEqual([
      {
        ...base,
        title: 'Title from A',
        priority: 2,
        updatedAt: at(2),
        fieldTimes: { title: at(1), priority: at(2) },
        _rev: '2-bbbb',
      },
      { _id: base._id, _rev: '2-aaaa', _deleted: true },
    ]);
  });

  it('only deletes the others when the winner already is the merge, keeping a lost title', () => {
    const later = { ...a, _rev: '3-cccc', title: 'Later', fieldTimes: { title: at(5) } };
    const writes = conflictResolution(later, [a], null);
    expect(writes?.[0]).toEqual({ _id: base._id, _rev: '2-aaaa', _deleted: true });
    // Without the common version, a title both sides edited is kept whole as an entry.
    expect(writes?.slice(1)).toMatchObject([
      {
        type: 'conflict',
        field: 'title',
        lost: { value: 'Title from A' },
        kept: { value: 'Later' },
      },
    ]);
  });

  it('gives the same merged content whichever version the device holds as winner', () => {
    const [fromB] = conflictResolution(b, [a], null) ?? [];
    const [fromA] = conflictResolution(a, [b], null) ?? [];
    const { _rev: _b, ...contentB } = fromB as { _rev: string };
    const { _rev: _a, ...contentA } = fromA as { _rev: string };
    expect(contentA).toEqual(contentB);
  });

  it('leaves alone what it cannot merge: no conflict, or a version that is not a valid issue', () => {
    expect(conflictResolution(a, [], null)).toBeNull();
    expect(conflictResolution(a, [{ ...b, title: '' }], null)).toBeNull();
    expect(conflictResolution({ _id: 'label:x', type: 'label' }, [a], null)).toBeNull();
  });

  it('with the common version, merges both titles and writes an entry for a lost value', () => {
    const from = { ...base, title: 'Fix the login crash', _rev: '1-bace' };
    const mine = {
      ...from,
      _rev: '2-aaaa',
      title: 'Fix the login crash on Safari',
      priority: 1,
      fieldTimes: { title: at(1), priority: at(1) },
      fieldBy: { title: 'alice', priority: 'alice' },
    };
    const theirs = {
      ...from,
      _rev: '2-bbbb',
      title: 'Fix login crash',
      priority: 2,
      updatedAt: at(2),
      fieldTimes: { title: at(2), priority: at(2) },
      fieldBy: { title: 'bob', priority: 'bob' },
    };
    const writes = conflictResolution(theirs, [mine], from) ?? [];
    expect(writes[0]).toMatchObject({ title: 'Fix login crash on Safari', priority: 2 });
    expect(writes[1]).toEqual({ _id: base._id, _rev: '2-aaaa', _deleted: true });
    const entry = conflictDocSchema.parse(writes[2]);
    expect(entry).toMatchObject({
      issueId: base._id,
      field: 'priority',
      lost: { value: 1, by: 'alice' },
      kept: { value: 2, by: 'bob' },
    });
    expect(writes).toHaveLength(3);
    // An entry already on the device (another device merged first) is not written again.
    expect(conflictResolution(theirs, [mine], from, (id) => id === entry._id)).toHaveLength(2);
  });
});

describe('commonRevision', () => {
  const history = (start: number, ids: string[]) => ({
    _id: 'issue:i3',
    _revisions: { start, ids },
  });

  it('is the latest revision both histories share', () => {
    expect(commonRevision([history(4, ['d', 'c', 'b', 'a']), history(3, ['x', 'b', 'a'])])).toBe(
      '2-b',
    );
    expect(commonRevision([history(2, ['y', 'a']), history(2, ['z', 'a'])])).toBe('1-a');
  });

  it('is unknown without histories, or when they share nothing (pruned)', () => {
    expect(commonRevision([{ _id: 'issue:i3' }, history(2, ['z', 'a'])])).toBeNull();
    expect(commonRevision([history(9, ['q']), history(9, ['r'])])).toBeNull();
  });
});

describe('conflictResolution of a read marker (one person, two devices)', () => {
  it('keeps what either device read, with no base and no conflict entry', () => {
    const marker = {
      _id: 'readMarker:u1',
      type: 'readMarker',
      userId: 'u1',
      lastReadAt: at(0),
      createdAt: at(0),
      updatedAt: at(1),
    };
    const laptop = { ...marker, _rev: '2-aaaa', read: { 'comment:c1': at(2) } };
    const phone = { ...marker, _rev: '2-bbbb', read: { 'comment:c2': at(3) }, updatedAt: at(3) };
    const writes = conflictResolution(phone, [laptop], null);
    expect(writes).toEqual([
      {
        ...marker,
        read: { 'comment:c1': at(2), 'comment:c2': at(3) },
        updatedAt: at(3),
        _rev: '2-bbbb',
      },
      { _id: 'readMarker:u1', _rev: '2-aaaa', _deleted: true },
    ]);
  });
});

describe('conflictResolution of a relation (the same pair related on two devices)', () => {
  it('keeps the winning revision as it is and deletes the other', () => {
    const relation = {
      _id: 'relation:blocks.i1.i2',
      type: 'relation',
      kind: 'blocks',
      createdAt: at(0),
      updatedAt: at(0),
    };
    const won = {
      ...relation,
      _rev: '1-bbbb',
      fromIssueId: 'issue:i1',
      toIssueId: 'issue:i2',
      createdBy: 'u1',
    };
    // The other device made it the other way round, and later.
    const lost = {
      ...relation,
      _rev: '1-aaaa',
      fromIssueId: 'issue:i2',
      toIssueId: 'issue:i1',
      createdBy: 'u2',
      createdAt: at(1),
      updatedAt: at(1),
    };
    expect(conflictResolution(won, [lost], null)).toEqual([
      { _id: 'relation:blocks.i1.i2', _rev: '1-aaaa', _deleted: true },
    ]);
  });

  it('leaves a version that is not a valid relation alone', () => {
    const won = { _id: 'relation:blocks.i1.i2', _rev: '1-b', type: 'relation', kind: 'blocks' };
    expect(conflictResolution(won, [{ ...won, _rev: '1-a' }], null)).toBeNull();
  });
});

describe('conflictResolution of a milestone (two admins edited it at once)', () => {
  const milestone = {
    _id: 'milestone:m1',
    type: 'milestone',
    projectId: 'project:p1',
    targetOn: null,
    sortOrder: 'a0',
    createdAt: at(0),
  };

  it('keeps the latest edit whole, on top of the winning revision, and deletes the other', () => {
    const won = { ...milestone, _rev: '2-bbbb', name: 'Beta', updatedAt: at(1) };
    const later = {
      ...milestone,
      _rev: '2-aaaa',
      name: 'Public beta',
      targetOn: '2027-01-31',
      updatedAt: at(2),
    };
    const { _rev: _lostRev, ...content } = later;
    expect(conflictResolution(won, [later], null)).toEqual([
      { ...content, _rev: '2-bbbb' },
      { _id: 'milestone:m1', _rev: '2-aaaa', _deleted: true },
    ]);
    // The winning revision is also the latest: only the other is deleted.
    expect(conflictResolution(later, [won], null)).toEqual([
      { _id: 'milestone:m1', _rev: '2-bbbb', _deleted: true },
    ]);
  });
});

describe('conflictResolution of a saved view (its owner and an admin edited it at once)', () => {
  const view = {
    _id: 'view:v1',
    type: 'view',
    projectId: null,
    ownerId: 'u1',
    shared: true,
    createdAt: at(0),
  };

  it('keeps the latest edit whole: name, sharing and filters together', () => {
    const won = { ...view, _rev: '2-bbbb', name: 'Bugs', query: 'priority=1', updatedAt: at(1) };
    const later = { ...view, _rev: '2-aaaa', name: 'Open bugs', query: 'q=x', updatedAt: at(2) };
    const { _rev: _lostRev, ...content } = later;
    expect(conflictResolution(won, [later], null)).toEqual([
      { ...content, _rev: '2-bbbb' },
      { _id: 'view:v1', _rev: '2-aaaa', _deleted: true },
    ]);
  });

  it('keeps a view personal that its owner made personal beside an admin’s later rename', () => {
    const mine = {
      ...view,
      _rev: '2-aaaa',
      name: 'Bugs',
      query: '',
      shared: false,
      updatedAt: at(1),
    };
    const theirs = { ...view, _rev: '2-bbbb', name: 'Team bugs', query: '', updatedAt: at(2) };
    const { _rev: _theirRev, ...content } = theirs;
    expect(conflictResolution(theirs, [mine], null)).toEqual([
      { ...content, shared: false, _rev: '2-bbbb' },
      { _id: 'view:v1', _rev: '2-aaaa', _deleted: true },
    ]);
  });
});
