import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  readMarkerAt,
  type ReadMarkerDoc,
  type Role,
  type WorkspaceDoc,
} from '@keel/domain';
import { testIssue, testLabel, testMember, testProject } from '@keel/domain/test-fixtures';
import type { WriteResult } from '../replica-types.ts';
import { WorkspaceStore } from '../workspace-store.ts';
import { WriteQueue } from '../write-queue.ts';
import { SessionWriter, type WriterReplica } from './session-writer.ts';

/**
 * A device replica in memory that keeps revisions as PouchDB does: an update must name the
 * current revision (else `conflict`), and each write moves the generation on.
 */
class MemoryReplica implements WriterReplica {
  readonly docs = new Map<string, { _rev: string; [field: string]: unknown }>();
  private seq = 0;
  full = false;

  async bulk(docs: readonly object[]): Promise<WriteResult[]> {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return docs.map((raw) => {
      const doc = raw as { _id: string; _rev?: string };
      const held = this.docs.get(doc._id);
      if (held && held._rev !== doc._rev) return { id: doc._id, ok: false, error: 'conflict' };
      const generation = held ? Number(held._rev.split('-')[0]) + 1 : 1;
      const rev = `${generation}-${doc._id.length}${this.seq}`;
      this.docs.set(doc._id, { ...doc, _rev: rev });
      this.seq++;
      return { id: doc._id, ok: true, rev };
    });
  }

  async updateSeq() {
    return this.seq;
  }

  async current(id: string) {
    const held = this.docs.get(id);
    return held ? { rev: held._rev, deleted: held._deleted === true } : null;
  }

  /** Another device's revision, synced into this replica (not yet in the store). */
  synced(doc: WorkspaceDoc & { _rev: string }) {
    this.docs.set(doc._id, doc);
    this.seq++;
  }
}

const project = testProject();
const issue = { ...testIssue(), _rev: '1-a' };

function writerOver(
  options: {
    role?: Role;
    queue?: WriteQueue;
    /** Storage refuses journal entries after this many. */
    journalRoom?: number;
  } = {},
) {
  const replica = new MemoryReplica();
  replica.docs.set(issue._id, issue);
  const store = new WorkspaceStore();
  store.ingest([project, issue, testMember()], 'replica');
  store.markLoaded('main');
  const journal = new Map<string, readonly object[]>();
  let keys = 0;
  const savingNow: boolean[] = [];
  const bases: unknown[] = [];
  const writer: SessionWriter = new SessionWriter({
    replica: Promise.resolve(replica),
    store,
    queue: options.queue ?? { run: (task) => task(), held: () => false },
    userId: 'u1',
    role: () => options.role ?? 'member',
    journal: {
      keep: (docs) => {
        if (options.journalRoom !== undefined && journal.size >= options.journalRoom) return null;
        const key = `k${++keys}`;
        journal.set(key, docs);
        return key;
      },
      rewrite: (key, docs) => {
        journal.set(key, docs);
        return true;
      },
      forget: (key) => void journal.delete(key),
    },
    afterPaint: async () => {
      savingNow.push(writer.isWriting());
    },
    sync: { startSaving: () => () => undefined, pullBusy: () => false },
    editing: (base) => bases.push(base),
    followedSeq: () => 0,
    fill: { active: () => false, wrote: () => undefined },
  });
  return { writer, replica, store, journal, savingNow, bases };
}

describe('SessionWriter', () => {
  it('shows a change at once, commits it, and forgets its journal entry', async () => {
    const { writer, replica, store, journal, savingNow } = writerOver();
    const outcome = await writer.write([{ ...issue, title: 'Renamed' }]);
    expect(outcome).toEqual({ ok: true });
    expect(savingNow).toEqual([true]);
    expect(writer.isWriting()).toBe(false);
    expect(replica.docs.get(issue._id)).toMatchObject({ title: 'Renamed', _rev: /^2-/ });
    expect(store.get(issue._id)).toMatchObject({ title: 'Renamed', _rev: /^2-/ });
    expect(journal.size).toBe(0);
  });

  it('writes nothing the write rules refuse, and says why', async () => {
    const { writer, replica, journal } = writerOver();
    const outcome = await writer.write([{ ...issue, stateId: 'nope' }]);
    expect(outcome).toMatchObject({
      ok: false,
      errors: [{ path: 'stateId' }],
    });
    expect(replica.docs.get(issue._id)?._rev).toBe('1-a');
    expect(journal.size).toBe(0);
  });

  it("after a conflict, rebuilds once on top of the other device's revision once the store has it", async () => {
    const { writer, replica, store } = writerOver();
    // Another device renamed the issue; its revision is on this device, not yet in the store.
    replica.synced({ ...issue, _rev: '2-bb', title: 'Theirs' });
    const bases: (string | undefined)[] = [];
    const done = writer.update(() => {
      const current = store.get(issue._id);
      bases.push(current?._rev);
      return [{ ...current, priority: 1 }];
    });
    // The change feed brings the other revision a while later (later than any fixed pause
    // the writer could have taken instead of waiting for it).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bases).toEqual(['1-a']);
    store.apply([
      {
        id: issue._id,
        seq: 2,
        deleted: false,
        doc: { ...issue, _rev: '2-bb', title: 'Theirs' },
      },
    ]);
    expect(await done).toEqual({ ok: true });
    expect(bases).toEqual(['1-a', '2-bb']);
    expect(replica.docs.get(issue._id)).toMatchObject({
      title: 'Theirs',
      priority: 1,
      _rev: /^3-/,
    });
  });

  it('after a conflict with a deletion, builds again once the store has let the document go', async () => {
    const { writer, replica, store } = writerOver();
    replica.synced({ ...issue, _rev: '2-dd', _deleted: true } as typeof issue & { _deleted: true });
    let builds = 0;
    const done = writer.update(() => {
      builds++;
      const current = store.get(issue._id);
      return current ? [{ ...current, priority: 1 }] : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(builds).toBe(1);
    store.apply([{ id: issue._id, seq: 3, deleted: true, doc: null }]);
    expect(await done).toEqual({ ok: true });
    expect(builds).toBe(2);
  });

  it('after a create conflicts with a document the store has not seen yet, builds again once it has', async () => {
    const { writer, replica, store } = writerOver();
    // The same person's other device made their read marker first: it is in the replica, and
    // the change feed has not brought it to the store yet.
    const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
    const mark = (lastReadAt: string, existing: ReadMarkerDoc | null) =>
      readMarkerAt({ userId: 'u1', lastReadAt, existing, now: lastReadAt });
    const theirs = { ...mark(at(1), null), _rev: '1-cc' };
    replica.synced(theirs);
    const bases: (string | undefined)[] = [];
    const done = writer.update(() => {
      const current = store.get(theirs._id);
      bases.push(current?._rev);
      return [mark(at(2), current?.type === 'readMarker' ? current : null)];
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bases).toEqual([undefined]);
    store.apply([{ id: theirs._id, seq: 4, deleted: false, doc: theirs }]);
    expect(await done).toEqual({ ok: true });
    expect(bases).toEqual([undefined, '1-cc']);
    expect(replica.docs.get(theirs._id)).toMatchObject({ lastReadAt: at(2), _rev: /^2-/ });
  });

  it('takes a change back off the screen when the device is full, and says so', async () => {
    const { writer, replica, store, journal } = writerOver();
    replica.full = true;
    const outcome = await writer.write([{ ...issue, title: 'Lost?' }]);
    expect(outcome).toMatchObject({ ok: false, message: errorMessage('STORAGE_FULL') });
    expect(store.get(issue._id)).toMatchObject({ title: issue.title, _rev: '1-a' });
    expect(journal.size).toBe(0);
  });

  it('remembers what its deletions kept, so an undo can restore the issue', async () => {
    const { writer, store } = writerOver({ role: 'admin' });
    const outcome = await writer.write([{ _id: issue._id, _rev: '1-a', _deleted: true }]);
    expect(outcome).toEqual({ ok: true });
    expect(store.get(issue._id)).toBeUndefined();
    expect(writer.deletedRevision(issue._id)).toMatch(/^2-/);
  });

  describe('before the replica opens', () => {
    it('shows and journals each change at once, and commits them together once it opens', async () => {
      const queue = new WriteQueue();
      const { writer, replica, store, journal } = writerOver({ queue });
      const renamed = writer.update(() => [{ ...store.get(issue._id), title: 'Renamed' }]);
      const reprioritised = writer.update(() => [{ ...store.get(issue._id), priority: 1 }]);
      expect(store.get(issue._id)).toMatchObject({ title: 'Renamed', priority: 1 });
      expect(writer.isWriting()).toBe(true);
      // One entry, the issue in it once, as the later change left it: a reload now loses nothing.
      expect([...journal.values()]).toEqual([
        [expect.objectContaining({ _id: issue._id, _rev: '1-a', title: 'Renamed', priority: 1 })],
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(replica.docs.get(issue._id)?._rev).toBe('1-a');

      queue.release();
      expect(await renamed).toEqual({ ok: true });
      expect(await reprioritised).toEqual({ ok: true });
      expect(replica.docs.get(issue._id)).toMatchObject({
        title: 'Renamed',
        priority: 1,
        _rev: /^2-/,
      });
      expect(store.get(issue._id)).toMatchObject({ title: 'Renamed', _rev: /^2-/ });
      expect(journal.size).toBe(0);
      expect(writer.isWriting()).toBe(false);
    });

    it('refuses at once what the write rules refuse, showing and journaling nothing', async () => {
      const queue = new WriteQueue();
      const { writer, store, journal } = writerOver({ queue });
      const outcome = await writer.update(() => [{ ...store.get(issue._id), stateId: 'nope' }]);
      expect(outcome).toMatchObject({ ok: false, errors: [{ path: 'stateId' }] });
      expect(store.get(issue._id)).toMatchObject({ stateId: issue.stateId });
      expect(journal.size).toBe(0);
    });

    it('makes each change again on top of newer versions the snapshot did not have', async () => {
      const queue = new WriteQueue();
      const { writer, replica, store, journal } = writerOver({ queue });
      // The device holds a newer revision than the snapshot the page opened from.
      replica.synced({ ...issue, _rev: '2-bb', title: 'Theirs' });
      const first = writer.update(() => [{ ...store.get(issue._id), priority: 1 }]);
      const second = writer.update(() => [{ ...store.get(issue._id), estimate: 3 }]);
      queue.release();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Taken back while the store catches up, and still journaled.
      expect(store.get(issue._id)).toMatchObject({ _rev: '1-a', priority: issue.priority });
      expect(journal.size).toBe(1);
      store.apply([
        { id: issue._id, seq: 2, deleted: false, doc: { ...issue, _rev: '2-bb', title: 'Theirs' } },
      ]);
      expect(await first).toEqual({ ok: true });
      expect(await second).toEqual({ ok: true });
      expect(replica.docs.get(issue._id)).toMatchObject({
        title: 'Theirs',
        priority: 1,
        estimate: 3,
        _rev: /^4-/,
      });
      expect(journal.size).toBe(0);
    });

    it('keeps each change its own journal entry, and the base each document had before', async () => {
      const queue = new WriteQueue();
      const { writer, replica, store, journal, bases } = writerOver({ queue });
      const label = { ...testLabel(), _id: 'label:new', name: 'Held' };
      const renamed = writer.update(() => [{ ...store.get(issue._id), title: 'Renamed' }]);
      const labelled = writer.update(() => [label]);
      // Two entries: a page closed now replays each on its own.
      expect([...journal.values()]).toEqual([
        [expect.objectContaining({ _id: issue._id, title: 'Renamed' })],
        [expect.objectContaining({ _id: label._id })],
      ]);
      queue.release();
      expect(await renamed).toEqual({ ok: true });
      expect(await labelled).toEqual({ ok: true });
      // The merge base is the issue as it was before the change, not the change itself.
      expect(bases).toEqual([expect.objectContaining({ _id: issue._id, title: issue.title })]);
      expect(replica.docs.get(label._id)).toMatchObject({ name: 'Held', _rev: /^1-/ });
      expect(journal.size).toBe(0);
    });

    it('once the journal refuses a change, the changes after it wait their turn behind it', async () => {
      const queue = new WriteQueue();
      const { writer, replica, store, journal } = writerOver({ queue, journalRoom: 1 });
      const first = writer.update(() => [{ ...store.get(issue._id), title: 'First' }]);
      const second = writer.update(() => [{ ...store.get(issue._id), priority: 2 }]);
      const third = writer.update(() => [{ ...store.get(issue._id), title: 'Third' }]);
      // The second could not be journaled: neither it nor the third is shown before it is saved.
      expect(store.get(issue._id)).toMatchObject({ title: 'First', priority: issue.priority });
      expect(journal.size).toBe(1);
      queue.release();
      expect(await Promise.all([first, second, third])).toEqual([
        { ok: true },
        { ok: true },
        { ok: true },
      ]);
      expect(replica.docs.get(issue._id)).toMatchObject({
        title: 'Third',
        priority: 2,
        _rev: /^4-/,
      });
    });
  });
});
