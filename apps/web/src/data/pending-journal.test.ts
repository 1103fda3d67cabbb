import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetAllPending,
  forgetPending,
  keepPending,
  leftBehind,
  thisTab,
  whenTabGone,
} from './pending-journal.ts';
import { installMemoryLocalStorage } from '../shared/lib/memory-local-storage.ts';

const memory = installMemoryLocalStorage();

const doc = (id: string) => ({ _id: id, _rev: '1-a', title: id });
/** What a page that is gone left: its key names the replica, the page and the order. */
const leave = (replica: string, tab: string, n: number, value: unknown) =>
  memory.set(`keel.pending.${replica}|${tab}|${n}`, JSON.stringify(value));

describe('pending journal', () => {
  beforeEach(() => memory.clear());
  afterEach(() => vi.useRealTimers());

  it('keeps a change until it is forgotten, and never offers this page its own', () => {
    const key = keepPending('keel-r2-u1-acme', [doc('issue:1')]);
    expect(key).toContain(thisTab);
    expect(JSON.parse(memory.get(key!)!)).toMatchObject({ docs: [doc('issue:1')] });
    expect(leftBehind('keel-r2-u1-acme').size).toBe(0);
    forgetPending(key!);
    expect(memory.size).toBe(0);
  });

  it("offers other pages' changes per page, oldest first, for this replica only", () => {
    leave('keel-r2-u1-acme', 'tab-a', 10, { at: 2, docs: [doc('issue:10')] });
    leave('keel-r2-u1-acme', 'tab-a', 9, { at: 1, docs: [doc('issue:9')] });
    leave('keel-r2-u1-acme', 'tab-b', 1, { at: 3, docs: [doc('issue:1')] });
    leave('keel-r2-u1-other', 'tab-a', 1, { at: 3, docs: [doc('issue:x')] });
    const left = leftBehind('keel-r2-u1-acme');
    expect([...left.keys()].sort()).toEqual(['tab-a', 'tab-b']);
    expect(left.get('tab-a')!.map((c) => c.docs[0])).toEqual([doc('issue:9'), doc('issue:10')]);
  });

  it('drops an entry it cannot read instead of saving it', () => {
    leave('keel-r2-u1-acme', 'tab-a', 1, { at: 1, docs: [{ title: 'no id' }] });
    memory.set('keel.pending.keel-r2-u1-acme|tab-a|2', '{not json');
    expect(leftBehind('keel-r2-u1-acme').size).toBe(0);
    expect(memory.size).toBe(0);
  });

  it("forgets a deleted replica's changes and no other's", () => {
    leave('keel-r2-u1-acme', 'tab-a', 1, { at: 1, docs: [doc('issue:1')] });
    leave('keel-r2-u1-other', 'tab-a', 1, { at: 1, docs: [doc('issue:1')] });
    forgetAllPending('keel-r2-u1-acme');
    expect([...memory.keys()]).toEqual(['keel.pending.keel-r2-u1-other|tab-a|1']);
  });

  it('without Web Locks, takes a change as left behind once it is seconds old', () => {
    vi.useFakeTimers({ now: 10_000 });
    const save = vi.fn(() => Promise.resolve());
    whenTabGone('tab-a', [{ key: 'k', at: 9_000, docs: [] }], save);
    vi.advanceTimersByTime(3_999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledOnce();
  });

  it('reports a full storage so the change waits for the device instead', () => {
    const setItem = localStorage.setItem;
    localStorage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(keepPending('keel-r2-u1-acme', [doc('issue:1')])).toBeNull();
    } finally {
      localStorage.setItem = setItem;
    }
  });
});
