import { describe, expect, it } from 'vitest';
import { testIssue } from '@keel/domain/test-fixtures';
import { conflictResolution } from './conflicts.ts';

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
    expect(conflictResolution(b, [a])).toEqual([
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

  it('only deletes the others when the winner already is the merge', () => {
    const later = { ...a, _rev: '3-cccc', title: 'Later', fieldTimes: { title: at(5) } };
    expect(conflictResolution(later, [a])).toEqual([
      { _id: base._id, _rev: '2-aaaa', _deleted: true },
    ]);
  });

  it('gives the same merged content whichever version the device holds as winner', () => {
    const [fromB] = conflictResolution(b, [a]) ?? [];
    const [fromA] = conflictResolution(a, [b]) ?? [];
    const { _rev: _b, ...contentB } = fromB as { _rev: string };
    const { _rev: _a, ...contentA } = fromA as { _rev: string };
    expect(contentA).toEqual(contentB);
  });

  it('leaves alone what it cannot merge: no conflict, or a version that is not a valid issue', () => {
    expect(conflictResolution(a, [])).toBeNull();
    expect(conflictResolution(a, [{ ...b, title: '' }])).toBeNull();
    expect(conflictResolution({ _id: 'label:x', type: 'label' }, [a])).toBeNull();
  });
});
