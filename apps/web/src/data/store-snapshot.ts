import { SNAPSHOT_PARTS, type DocType, type SnapshotPart, type WorkspaceDoc } from '@keel/domain';
import type { Seq } from './replica.ts';

/**
 * Opening a workspace of 10,000 issues from the replica document by document (read, parse,
 * validate) takes seconds. So the in-memory store is also saved whole, as one record per part,
 * with the replica sequence it reflects; the next open reads that record, shows it, and replays
 * only the replica's changes after that sequence. The record is a cache: the replica stays the
 * truth, and a missing, stale or foreign-version record just means the slow path once.
 */

declare const __KEEL_SCHEMA__: string | undefined;

/**
 * Documents in a snapshot passed the schema of the build that wrote them; a build with another
 * domain package must not trust them (the hash of the domain's sources, set by vite.config.ts).
 */
export const SNAPSHOT_VERSION = typeof __KEEL_SCHEMA__ === 'string' ? __KEEL_SCHEMA__ : 'dev';

export type { SnapshotPart };

/** What each part holds: the first screen needs `main`; `history` follows it. */
export const SNAPSHOT_TYPES: Record<SnapshotPart, readonly DocType[]> = SNAPSHOT_PARTS;

export interface StoreSnapshot {
  version: string;
  /** Every change of the replica up to this sequence is in `docs`. */
  seq: Seq;
  docs: readonly WorkspaceDoc[];
}

export function snapshotKey(part: SnapshotPart): string {
  return `keel-snapshot-${part}`;
}

/** A stored record if it is a snapshot this build can trust, else null. */
export function readSnapshot(raw: Record<string, unknown> | null): StoreSnapshot | null {
  if (!raw || raw.version !== SNAPSHOT_VERSION) return null;
  const { seq, docs } = raw;
  if ((typeof seq !== 'number' && typeof seq !== 'string') || !Array.isArray(docs)) return null;
  return { version: SNAPSHOT_VERSION, seq, docs: docs as WorkspaceDoc[] };
}

/** The earlier of two replica sequences (numbers locally; CouchDB-style strings compare by their number). */
export function earlierSeq(a: Seq, b: Seq): Seq {
  return seqNumber(a) <= seqNumber(b) ? a : b;
}

function seqNumber(seq: Seq): number {
  return typeof seq === 'number' ? seq : Number.parseInt(seq, 10) || 0;
}
