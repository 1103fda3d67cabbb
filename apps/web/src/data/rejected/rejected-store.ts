import { readJson, writeJson } from '../../shared/lib/local-store.ts';
import { createValueStore, type ValueStore } from '../../shared/lib/value-store.ts';

/**
 * Changes the server refused, kept on this device only (never replicated) so that nothing typed
 * is lost: one list per signed-in person, in localStorage so it survives reloads and is wiped
 * with the rest of Keel's data by "clear this device".
 */
export interface RejectedChange {
  /** Unique per entry: the same document can be refused more than once. */
  id: string;
  slug: string;
  docId: string;
  docType: string;
  /** What the change was to, in the user's words: "ENG-12", "label Bug", "a comment". */
  subject: string;
  reason: string;
  /** The content as typed, ready to copy. */
  text: string;
  at: string;
}

const FIELDS = ['id', 'slug', 'docId', 'docType', 'subject', 'reason', 'text', 'at'] as const;

function parseEntry(value: unknown): RejectedChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return FIELDS.every((f) => typeof record[f] === 'string')
    ? (record as unknown as RejectedChange)
    : null;
}

/** Older entries beyond this are dropped; localStorage is a few megabytes at most. */
export const MAX_REJECTED = 50;

const keyFor = (userId: string) => `keel.rejected.${userId}`;

function read(userId: string): RejectedChange[] {
  return (
    readJson(keyFor(userId), (v) => {
      if (!Array.isArray(v)) return null;
      return v.flatMap((e) => {
        const entry = parseEntry(e);
        return entry ? [entry] : [];
      });
    }) ?? []
  );
}

const stores = new Map<string, ValueStore<readonly RejectedChange[]>>();

/** The person's rejected changes, newest first, as a store screens can subscribe to. */
export function rejectedChanges(userId: string): ValueStore<readonly RejectedChange[]> {
  let store = stores.get(userId);
  if (!store) {
    store = createValueStore<readonly RejectedChange[]>(read(userId));
    stores.set(userId, store);
  }
  return store;
}

function save(userId: string, next: readonly RejectedChange[]): void {
  writeJson(keyFor(userId), next);
  rejectedChanges(userId).set(next);
}

/**
 * Keep a refused change. The same change kept again for the same reason (a page closed between
 * keeping it and finishing what came after, and the next load doing it over) stays one entry.
 */
export function keepRejected(userId: string, entry: Omit<RejectedChange, 'id'>): RejectedChange {
  const already = rejectedChanges(userId)
    .get()
    .find(
      (e) =>
        e.slug === entry.slug &&
        e.docId === entry.docId &&
        e.reason === entry.reason &&
        e.text === entry.text,
    );
  if (already) return already;
  const kept = {
    ...entry,
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  };
  save(userId, [kept, ...rejectedChanges(userId).get()].slice(0, MAX_REJECTED));
  return kept;
}

export function dismissRejected(userId: string, id: string): void {
  save(
    userId,
    rejectedChanges(userId)
      .get()
      .filter((e) => e.id !== id),
  );
}
