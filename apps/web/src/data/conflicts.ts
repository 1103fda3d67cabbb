import {
  commentDocSchema,
  conflictEntries,
  cycleDocSchema,
  issueDocSchema,
  mergeConcurrentComments,
  mergeConcurrentIssues,
  mergeReadMarkers,
  milestoneDocSchema,
  viewDocSchema,
  favoriteDocSchema,
  readMarkerDocSchema,
  relationDocSchema,
  typeOfId,
  workspaceDocSchema,
  type LostValue,
} from '@keel/domain';
import type { Replica } from './replica-types.ts';
import { sameContent } from './rejected/same-content.ts';

/**
 * Concurrent edits of one issue or comment, settled on this device (decision 004, 007): the
 * merge is written on top of the winning revision, every other live revision is deleted, and
 * each value the merge replaced becomes a conflict entry on the issue's timeline. A relation
 * two devices made keeps the winning revision, a milestone its latest edit; a read marker joins
 * its versions. Every device
 * that sees the same versions and finds the same common version writes the same documents.
 */

interface Revisions {
  _id: string;
  _rev?: string;
  _revisions?: { start: number; ids: string[] };
}

/** The latest revision every version descends from, from their histories; null if unknown. */
export function commonRevision(versions: readonly object[]): string | null {
  let common: string[] | null = null;
  for (const version of versions) {
    const history = (version as Revisions)._revisions;
    if (!history) return null;
    const revs = history.ids.map((id, i) => `${history.start - i}-${id}`);
    common = common === null ? revs : common.filter((rev) => revs.includes(rev));
  }
  // Histories list the newest first: the first shared one is the latest.
  return common?.[0] ?? null;
}

type Merge = { content: { _id: string }; lost: LostValue[]; issueId?: string };

/** Every version (and the base, if valid) read with `schema`; null when a version is not valid. */
function parseVersions<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  versions: readonly object[],
  base: object | null,
): { docs: T[]; base: T | null } | null {
  const docs: T[] = [];
  for (const version of versions) {
    const parsed = schema.safeParse(version);
    if (!parsed.success) return null;
    docs.push(parsed.data);
  }
  const parsedBase = base ? schema.safeParse(base) : null;
  return { docs, base: parsedBase?.success ? parsedBase.data : null };
}

/** The merge of valid versions of a document Keel settles; null when one is not valid. */
function merge(versions: readonly object[], base: object | null): Merge | null {
  const id = (versions[0] as Revisions | undefined)?._id ?? '';
  const type = typeOfId(id);
  if (type === 'issue') {
    const read = parseVersions(issueDocSchema, versions, base);
    if (!read) return null;
    const { issue, lost } = mergeConcurrentIssues(read.docs, read.base);
    return { content: issue, lost, issueId: issue._id };
  }
  if (type === 'comment') {
    const read = parseVersions(commentDocSchema, versions, base);
    if (!read) return null;
    const { comment, lost } = mergeConcurrentComments(read.docs, read.base);
    return { content: comment, lost, issueId: comment.issueId };
  }
  if (type === 'relation' || type === 'cycle') {
    // One relation made on two devices (decision 020), or one cycle scheduled by two writers
    // under its one id: the winner stays, as every device picks the same one.
    const schema = type === 'relation' ? relationDocSchema : cycleDocSchema;
    const read = parseVersions<object & { _id: string }>(schema, versions, null);
    return read?.docs[0] ? { content: read.docs[0], lost: [] } : null;
  }
  if (type === 'milestone' || type === 'view' || type === 'favorite') {
    // Two admins renamed, re-dated or moved one milestone: the latest edit wins whole (a
    // milestone is a name, a day and a place, edited together in one form). So does a view's
    // (its name, sharing and query are saved together) and a favourite's place.
    const schema = {
      milestone: milestoneDocSchema,
      view: viewDocSchema,
      favorite: favoriteDocSchema,
    }[type];
    const read = parseVersions<object & { _id: string; updatedAt: string }>(schema, versions, null);
    const latest = read?.docs.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a));
    if (!latest) return null;
    // Only its owner makes a view personal (view-rules.ts): a version that did was theirs, and
    // a later edit made beside it (an admin's rename) must not share it again.
    const madePersonal = read!.docs.some((d) => (d as { shared?: unknown }).shared === false);
    const content = type === 'view' && madePersonal ? { ...latest, shared: false } : latest;
    return { content, lost: [] };
  }
  if (type === 'readMarker') {
    // One person's inbox state from two of their devices: a join, no base needed.
    const read = parseVersions(readMarkerDocSchema, versions, null);
    return read ? { content: mergeReadMarkers(read.docs), lost: [] } : null;
  }
  return null;
}

/** Documents whose merge needs the versions' common version (text merges three-way). */
const NEEDS_BASE = new Set(['issue', 'comment']);

/**
 * The writes that settle a conflicted document: the merge on top of the winning revision (only
 * when it differs from it), a deletion of every other live revision, and the conflict entries
 * not already on the device (`held`). Null when the versions are not all valid issues or
 * comments: a conflict Keel cannot merge is left as it is rather than guessed at.
 */
export function conflictResolution(
  winner: object,
  others: readonly object[],
  base: object | null,
  held: (id: string) => boolean = () => false,
): object[] | null {
  if (others.length === 0) return null;
  const merged = merge([winner, ...others], base);
  // The merge must be a valid document, or writing it would only be refused and undone.
  if (!merged || !workspaceDocSchema.safeParse(merged.content).success) return null;
  const won = winner as Revisions;
  const writes: object[] = [];
  if (!sameContent(merged.content, stripHistory(won)))
    writes.push({ ...merged.content, _rev: won._rev });
  for (const loser of others as Revisions[])
    writes.push({ _id: loser._id, _rev: loser._rev, _deleted: true });
  const commentId = typeOfId(merged.content._id) === 'comment' ? merged.content._id : null;
  const latest = [winner, ...others]
    .map((v) => (v as { updatedAt?: string }).updatedAt ?? '')
    .reduce((a, b) => (a > b ? a : b));
  if (merged.issueId)
    for (const entry of conflictEntries(merged.issueId, commentId, merged.lost, latest))
      if (!held(entry._id)) writes.push(entry);
  return writes;
}

function stripHistory(doc: object): object {
  const { _revisions: _history, ...rest } = doc as Revisions;
  return rest;
}

/** Where the versions edits started from are kept (merge/base-versions.ts on a device). */
export interface BaseStore {
  find(id: string, rev: string): Promise<object | null>;
  keep(doc: { _id: string; _rev?: string }): Promise<void>;
}

export interface ResolveOptions {
  bases: BaseStore;
  /** Merge even without the common version (it was not found on this device in time). */
  withoutBase: boolean;
  held: (id: string) => boolean;
}

/**
 * Settle one conflicted document on the device; replication carries the result to the server.
 * `needs-base` when the common version is not on this device and `withoutBase` is not set: the
 * devices that made the edits have it, and their merge is the better one.
 */
export async function resolveConflict(
  replica: Pick<Replica, 'versions' | 'bulk'>,
  id: string,
  options: ResolveOptions,
): Promise<'settled' | 'needs-base' | 'none'> {
  const versions = await replica.versions(id);
  if (!versions || versions.others.length === 0) return 'none';
  const all = [versions.winner, ...versions.others];
  const rev = commonRevision(all);
  const base = rev ? await options.bases.find(id, rev).catch(() => null) : null;
  if (!base && !options.withoutBase && NEEDS_BASE.has(typeOfId(id) ?? '')) return 'needs-base';
  const writes = conflictResolution(versions.winner, versions.others, base, options.held);
  if (!writes) return 'none';
  // The merge is written on top of the winner: if it meets yet another device's edit, the
  // winner is their common version.
  await options.bases.keep(stripHistory(versions.winner) as Revisions).catch(() => undefined);
  await replica.bulk(writes);
  return 'settled';
}
