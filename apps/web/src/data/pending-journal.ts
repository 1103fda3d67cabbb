import { removeKey, STORAGE_PREFIX } from '../shared/lib/local-store.ts';

/**
 * Changes shown on screen before IndexedDB has committed them.
 *
 * A person's change is on screen in the same frame as their click, and the device commits it
 * tens of milliseconds later. A page closed or reloaded in between would lose it, so each change
 * is first written here, synchronously, to localStorage: one key per change, removed once the
 * device has committed it. The next page to open the replica saves whatever a page that is gone
 * left behind (pending-replay.ts).
 *
 * Keys: `keel.pending.<replica>|<tab>|<n>`. A tab is one page's life; it holds a Web Lock named
 * after itself for as long as it lives, so another page can tell a change still in flight from
 * one left behind.
 */

const PREFIX = `${STORAGE_PREFIX}pending.`;
const TAB_LOCK_PREFIX = `${STORAGE_PREFIX}tab.`;
// Without Web Locks (plain http on a LAN address is not a secure context), a change is taken
// as left behind once it is this old: a commit takes milliseconds, not seconds.
const LEFT_BEHIND_AFTER_MS = 5_000;

export interface PendingChange {
  key: string;
  at: number;
  docs: object[];
}

export const thisTab: string = randomId();
let written = 0;

// Held until the page goes away: the browser releases it then, even on a crash.
const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
void locks
  ?.request(`${TAB_LOCK_PREFIX}${thisTab}`, () => new Promise<never>(() => undefined))
  .catch(() => undefined);

/** Keep a change until `forget`; null when storage refuses it (full or disabled). */
export function keepPending(replica: string, docs: readonly object[]): string | null {
  const key = `${PREFIX}${replica}|${thisTab}|${++written}`;
  try {
    localStorage.setItem(key, JSON.stringify({ at: Date.now(), docs }));
    return key;
  } catch {
    return null;
  }
}

/** Replace what a kept change holds, in its place among the page's changes; false if refused. */
export function rewritePending(key: string, docs: readonly object[]): boolean {
  try {
    localStorage.setItem(key, JSON.stringify({ at: Date.now(), docs }));
    return true;
  } catch {
    return false;
  }
}

export function forgetPending(key: string): void {
  removeKey(key);
}

/** Still waiting: not yet committed, nor saved by another page. */
export function isPending(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** Changes other pages left for this replica, per page, oldest first. */
export function leftBehind(replica: string): Map<string, PendingChange[]> {
  const byTab = new Map<string, (PendingChange & { n: number })[]>();
  for (const key of ownKeys(replica)) {
    const [, tab = '', n = ''] = key.slice(PREFIX.length).split('|');
    if (tab === thisTab) continue;
    const change = readChange(key);
    if (!change) {
      removeKey(key);
      continue;
    }
    const list = byTab.get(tab) ?? [];
    list.push({ ...change, n: Number(n) });
    byTab.set(tab, list);
  }
  const sorted = new Map<string, PendingChange[]>();
  for (const [tab, list] of byTab)
    sorted.set(
      tab,
      list.sort((a, b) => a.n - b.n).map(({ key, at, docs }) => ({ key, at, docs })),
    );
  return sorted;
}

/**
 * Run `save` once the page `tab` is gone (at once if it already is), holding its lock meanwhile
 * so that two pages never save the same changes.
 */
export function whenTabGone(tab: string, changes: PendingChange[], save: () => Promise<void>) {
  if (locks) {
    void locks.request(`${TAB_LOCK_PREFIX}${tab}`, save).catch(() => undefined);
    return;
  }
  const newest = Math.max(...changes.map((c) => c.at));
  setTimeout(() => void save(), Math.max(0, newest + LEFT_BEHIND_AFTER_MS - Date.now()));
}

/** A replica is being deleted: what was waiting for it goes too. */
export function forgetAllPending(replica: string): void {
  for (const key of ownKeys(replica)) removeKey(key);
}

function ownKeys(replica: string): string[] {
  const start = `${PREFIX}${replica}|`;
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
      (key): key is string => key?.startsWith(start) === true,
    );
  } catch {
    return [];
  }
}

function readChange(key: string): PendingChange | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    const { at, docs } = (value ?? {}) as { at?: unknown; docs?: unknown };
    if (typeof at !== 'number' || !Array.isArray(docs)) return null;
    if (!docs.every((d) => typeof d === 'object' && d !== null && '_id' in d)) return null;
    return { key, at, docs: docs as object[] };
  } catch {
    return null;
  }
}

function randomId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}
