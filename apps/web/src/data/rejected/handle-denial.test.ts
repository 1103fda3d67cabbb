import { describe, expect, it } from 'vitest';
import { testIssue } from '@keel/domain/test-fixtures';
import { undoWrite } from './handle-denial.ts';

const server = { ...testIssue({ number: 2, title: 'Kept' }), _rev: '2-server' };
const id = server._id;

describe('undoWrite', () => {
  it('writes the server’s version over the device’s refused one', () => {
    const local = {
      rev: '3-mine',
      deleted: false,
      doc: { ...server, _rev: '3-mine', title: 'Mine' },
    };
    expect(undoWrite(id, local, server)).toEqual({ ...server, _rev: '3-mine' });
  });

  it('removes what the server never had', () => {
    const local = { rev: '1-new', deleted: false, doc: { ...server, _rev: '1-new' } };
    expect(undoWrite(id, local, null)).toEqual({ _id: id, _rev: '1-new', _deleted: true });
  });

  it('brings back what the device deleted and the server refused to delete', () => {
    const local = { rev: '3-gone', deleted: true, doc: null };
    expect(undoWrite(id, local, server)).toEqual({ ...server, _rev: '3-gone' });
  });

  it('does nothing when the device already shows the server’s version: a refused undo cannot loop', () => {
    const restored = { rev: '4-undo', deleted: false, doc: { ...server, _rev: '4-undo' } };
    expect(undoWrite(id, restored, server)).toBeNull();
    expect(undoWrite(id, { rev: '2-del', deleted: true, doc: null }, null)).toBeNull();
  });
});
