import { describe, expect, it } from 'vitest';
import { replicaChange } from './replica-docs.ts';

describe('replicaChange', () => {
  it('takes the other live revisions out of the document into conflicts', () => {
    const change = replicaChange({
      id: 'issue:a',
      seq: 7,
      doc: { _id: 'issue:a', _rev: '3-b', title: 'Fix', _conflicts: ['3-a'] },
    });
    expect(change).toEqual({
      id: 'issue:a',
      seq: 7,
      deleted: false,
      doc: { _id: 'issue:a', _rev: '3-b', title: 'Fix' },
      conflicts: ['3-a'],
    });
  });

  it('gives a deletion no document and no conflicts', () => {
    const change = replicaChange({
      id: 'label:x',
      seq: '9',
      deleted: true,
      doc: { _id: 'label:x', _rev: '2-c', _deleted: true },
    });
    expect(change).toEqual({ id: 'label:x', seq: '9', deleted: true, doc: null, conflicts: [] });
  });

  it('reads a row without its document as none', () => {
    expect(replicaChange({ id: 'issue:b', seq: 1 }).doc).toBeNull();
  });
});
