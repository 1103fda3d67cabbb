import {
  ARCHIVED_ENTRIES_MAX,
  READ_ENTRIES_MAX,
  type ReadMarkerDoc,
  type WorkspaceDoc,
} from './documents.ts';
import { readMarkerId } from './ids.ts';

/**
 * One person's inbox state, kept on their read marker (decision 009). A notification is read
 * when it is no later than `lastReadAt` (what Mark all as read moves, and all old markers hold)
 * or when it was read one by one (`read`). An issue is archived up to a moment: its
 * notifications until then leave the inbox, and a later one brings the issue back.
 *
 * The marker stays small: a read entry that `lastReadAt` covers is dropped; past
 * READ_ENTRIES_MAX, `lastReadAt` moves up to the oldest notification still unread, and only
 * then past it; past ARCHIVED_ENTRIES_MAX the oldest archive is let go.
 */

/** A notification as its read state knows it: its source document's id and moment. */
export interface NotificationRef {
  id: string;
  at: string;
}

export interface ReadState {
  /** Everything up to this moment is read; -Infinity without a marker. */
  lastReadMs: number;
  read: Readonly<Record<string, string>>;
  archived: Readonly<Record<string, string>>;
}

const NONE: Readonly<Record<string, string>> = Object.freeze({});

export const NO_READ_STATE: ReadState = {
  lastReadMs: Number.NEGATIVE_INFINITY,
  read: NONE,
  archived: NONE,
};

/** The `lastReadAt` of a marker made before anything was read as a whole. */
export const NOTHING_READ_AT = new Date(0).toISOString();

export function readStateOf(marker: ReadMarkerDoc | null | undefined): ReadState {
  if (!marker) return NO_READ_STATE;
  return {
    lastReadMs: Date.parse(marker.lastReadAt),
    read: marker.read ?? NONE,
    archived: marker.archived ?? NONE,
  };
}

export function isRead(state: ReadState, id: string, atMs: number): boolean {
  return atMs <= state.lastReadMs || state.read[id] !== undefined;
}

/** Until when the issue's notifications are archived; -Infinity when they are not. */
export function archivedUntil(state: ReadState, issueId: string): number {
  const until = state.archived[issueId];
  return until === undefined ? Number.NEGATIVE_INFINITY : Date.parse(until);
}

const ms = (iso: string) => Date.parse(iso);
const later = (a: string, b: string) => (ms(a) >= ms(b) ? a : b);

function markerOf(stored: WorkspaceDoc | null | undefined): ReadMarkerDoc | null {
  return stored?.type === 'readMarker' ? stored : null;
}

function fresh(userId: string, now: string): ReadMarkerDoc {
  return {
    _id: readMarkerId(userId),
    type: 'readMarker',
    userId,
    lastReadAt: NOTHING_READ_AT,
    createdAt: now,
    updatedAt: now,
  };
}

/** The content the marker is compared by: a write that changes none of it is not made. */
function sameState(a: ReadMarkerDoc, b: ReadMarkerDoc): boolean {
  return (
    a.lastReadAt === b.lastReadAt &&
    JSON.stringify(a.read ?? {}) === JSON.stringify(b.read ?? {}) &&
    JSON.stringify(a.archived ?? {}) === JSON.stringify(b.archived ?? {})
  );
}

/**
 * Keep the marker within its limits (see above). `oldestUnreadAt`, when the writer knows it, is
 * the oldest notification still unread: `lastReadAt` moves up to just before it first.
 */
export function pruneReadMarker(doc: ReadMarkerDoc, oldestUnreadAt?: string): ReadMarkerDoc {
  let lastReadAt = doc.lastReadAt;
  let entries = Object.entries(doc.read ?? {}).filter(([, at]) => ms(at) > ms(lastReadAt));
  if (entries.length > READ_ENTRIES_MAX && oldestUnreadAt !== undefined) {
    const justBefore = new Date(ms(oldestUnreadAt) - 1).toISOString();
    lastReadAt = later(lastReadAt, justBefore);
    entries = entries.filter(([, at]) => ms(at) > ms(lastReadAt));
  }
  if (entries.length > READ_ENTRIES_MAX) {
    entries.sort(([, a], [, b]) => ms(a) - ms(b));
    lastReadAt = later(lastReadAt, entries[entries.length - READ_ENTRIES_MAX - 1]![1]);
    entries = entries.filter(([, at]) => ms(at) > ms(lastReadAt));
  }
  let archived = Object.entries(doc.archived ?? {});
  if (archived.length > ARCHIVED_ENTRIES_MAX)
    archived = archived.sort(([, a], [, b]) => ms(b) - ms(a)).slice(0, ARCHIVED_ENTRIES_MAX);
  const { read: _read, archived: _archived, ...rest } = doc;
  return {
    ...rest,
    lastReadAt,
    ...(entries.length ? { read: Object.fromEntries(entries) } : {}),
    ...(archived.length ? { archived: Object.fromEntries(archived) } : {}),
  };
}

function written(
  stored: WorkspaceDoc | null | undefined,
  userId: string,
  now: string,
  change: (doc: ReadMarkerDoc) => ReadMarkerDoc,
  oldestUnreadAt?: string,
): ReadMarkerDoc | null {
  const existing = markerOf(stored);
  const before = existing ?? fresh(userId, now);
  const next = pruneReadMarker(change({ ...before }), oldestUnreadAt);
  if (sameState(before, next)) return null;
  return { ...next, updatedAt: now };
}

function withRead(doc: ReadMarkerDoc, items: readonly NotificationRef[]): ReadMarkerDoc {
  const lastReadMs = ms(doc.lastReadAt);
  const read = { ...doc.read };
  for (const item of items) if (ms(item.at) > lastReadMs) read[item.id] = item.at;
  return { ...doc, read };
}

/**
 * The write that marks these notifications read, one by one (opening an issue's row), or null
 * when they already are.
 */
export function markNotificationsRead(
  stored: WorkspaceDoc | null | undefined,
  userId: string,
  items: readonly NotificationRef[],
  now: string,
  oldestUnreadAt?: string,
): ReadMarkerDoc | null {
  return written(stored, userId, now, (doc) => withRead(doc, items), oldestUnreadAt);
}

/**
 * Mark all as read: everything up to `upTo` (never back), which makes every entry read one by
 * one before it redundant. Archives stay.
 */
export function markAllRead(
  stored: WorkspaceDoc | null | undefined,
  userId: string,
  upTo: string,
  now: string,
): ReadMarkerDoc | null {
  return written(stored, userId, now, (doc) => ({
    ...doc,
    lastReadAt: later(doc.lastReadAt, upTo),
  }));
}

/**
 * Archive an issue's notifications up to `upTo` (its newest), reading them as well: archived is
 * dealt with. A later notification brings the issue back to the inbox.
 */
export function archiveIssue(
  stored: WorkspaceDoc | null | undefined,
  userId: string,
  issueId: string,
  items: readonly NotificationRef[],
  upTo: string,
  now: string,
  oldestUnreadAt?: string,
): ReadMarkerDoc | null {
  return written(
    stored,
    userId,
    now,
    (doc) => {
      const until = doc.archived?.[issueId];
      const archived = { ...doc.archived, [issueId]: until ? later(until, upTo) : upTo };
      return withRead({ ...doc, archived }, items);
    },
    oldestUnreadAt,
  );
}

/** Back to the inbox (read, as it was when archived); null when it was not archived. */
export function unarchiveIssue(
  stored: WorkspaceDoc | null | undefined,
  userId: string,
  issueId: string,
  now: string,
): ReadMarkerDoc | null {
  if (markerOf(stored)?.archived?.[issueId] === undefined) return null;
  return written(stored, userId, now, (doc) => {
    const { [issueId]: _gone, ...archived } = doc.archived ?? {};
    return { ...doc, archived };
  });
}

/**
 * Versions of one person's marker written on two of their devices apart (CouchDB keeps one and
 * a conflict): what either device read stays read, everything up to the later `lastReadAt`, and
 * an issue archived on either stays archived up to the later moment. A join, so every device
 * merges to the same marker whatever the order; an unarchive on one side can be lost to the
 * other's archive, never a read.
 */
export function mergeReadMarkers(versions: readonly ReadMarkerDoc[]): ReadMarkerDoc {
  const [first, ...rest] = [...versions].sort((a, b) => ((a._rev ?? '') < (b._rev ?? '') ? -1 : 1));
  if (!first) throw new Error('mergeReadMarkers needs a version');
  const { _rev: _ignoredRev, _revisions: _ignoredHistory, ...base } = first;
  let merged: ReadMarkerDoc = base;
  for (const next of rest) {
    const archived: Record<string, string> = { ...merged.archived };
    for (const [issueId, at] of Object.entries(next.archived ?? {}))
      archived[issueId] = archived[issueId] ? later(archived[issueId], at) : at;
    merged = {
      ...merged,
      lastReadAt: later(merged.lastReadAt, next.lastReadAt),
      updatedAt: later(merged.updatedAt, next.updatedAt),
      read: { ...merged.read, ...next.read },
      archived,
    };
  }
  // Keys in a fixed order: two devices write the same JSON, hence the same revision.
  const sorted = (record: Readonly<Record<string, string>> | undefined) =>
    record && Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  const pruned = pruneReadMarker(merged);
  const read = sorted(pruned.read);
  const archived = sorted(pruned.archived);
  const { read: _read, archived: _archived, ...rest2 } = pruned;
  return { ...rest2, ...(read ? { read } : {}), ...(archived ? { archived } : {}) };
}
