/**
 * Which edits were written, acknowledged and seen by which simulated device, and how long each
 * took. Edits of one document form a chain (each replaces the one before), so a device that
 * receives a later edit has seen the earlier ones too, as a person looking at the issue would:
 * replication hands over only the newest revision.
 */
import { Histogram } from './stats.ts';

interface DocWrites {
  workspace: string;
  /** Index k holds edit k + 1 of the document. */
  sentAt: number[];
  ackedAt: (number | null)[];
}

/** An edit's marker in the title: " · v<n>" at the end. */
const MARKER = / · v(\d+)$/;

export function markedTitle(base: string, seq: number): string {
  return `${base} · v${seq}`;
}

export function markerOf(title: unknown): number | null {
  const match = typeof title === 'string' ? MARKER.exec(title) : null;
  return match ? Number(match[1]) : null;
}

export class WriteLedger {
  readonly #docs = new Map<string, DocWrites>();
  readonly #seenBy = new Map<number, Map<string, number>>();
  /** From sending an edit until another device holds it. */
  readonly visible = new Histogram();
  /** From an edit being made until the server acknowledged it. */
  readonly acknowledged = new Histogram();
  sent = 0;
  acked = 0;

  /** Edit `seq` (1, 2, …, in order) of `docId` was made at `at`. */
  wrote(docId: string, workspace: string, seq: number, at: number) {
    let doc = this.#docs.get(docId);
    if (!doc) this.#docs.set(docId, (doc = { workspace, sentAt: [], ackedAt: [] }));
    if (seq !== doc.sentAt.length + 1)
      throw new Error(`${docId}: edit ${seq} after ${doc.sentAt.length}`);
    doc.sentAt.push(at);
    doc.ackedAt.push(null);
    this.sent++;
  }

  /** The server acknowledged `docId` at edit `seq`, and so every edit before it. */
  ack(docId: string, seq: number, at: number) {
    const doc = this.#docs.get(docId);
    if (!doc) return;
    for (let k = Math.min(seq, doc.sentAt.length) - 1; k >= 0 && doc.ackedAt[k] === null; k--) {
      doc.ackedAt[k] = at;
      this.acknowledged.record(at - doc.sentAt[k]!);
      this.acked++;
    }
  }

  /** Device `client` received `docId` at edit `seq` at `at`. */
  seen(client: number, docId: string, seq: number, at: number) {
    const doc = this.#docs.get(docId);
    if (!doc) return;
    let mine = this.#seenBy.get(client);
    if (!mine) this.#seenBy.set(client, (mine = new Map()));
    const last = mine.get(docId) ?? 0;
    const upTo = Math.min(seq, doc.sentAt.length);
    if (upTo <= last) return;
    for (let k = last; k < upTo; k++) this.visible.record(at - doc.sentAt[k]!);
    mine.set(docId, upTo);
  }

  /**
   * Acknowledged edits some device of their workspace never received: (device, edit) pairs,
   * with `clients` the devices of each workspace.
   */
  unseen(clients: ReadonlyMap<string, readonly number[]>): number {
    let missing = 0;
    for (const [docId, doc] of this.#docs) {
      const acked = doc.ackedAt.findLastIndex((t) => t !== null) + 1;
      for (const client of clients.get(doc.workspace) ?? [])
        missing += Math.max(0, acked - (this.#seenBy.get(client)?.get(docId) ?? 0));
    }
    return missing;
  }

  /**
   * Each document's newest acknowledged edit (acknowledged by `before`, performance.now(), when
   * given): what must be read back after a fault, and what a device must hold to be in sync.
   */
  newestAcked(before = Infinity): Map<string, { workspace: string; seq: number }> {
    const out = new Map<string, { workspace: string; seq: number }>();
    for (const [docId, doc] of this.#docs) {
      const seq = doc.ackedAt.findLastIndex((t) => t !== null && t <= before) + 1;
      if (seq > 0) out.set(docId, { workspace: doc.workspace, seq });
    }
    return out;
  }

  /** Whether every edit of `docIds` made by `before` (performance.now()) was acknowledged. */
  ackedAllMadeBy(docIds: readonly string[], before: number): boolean {
    for (const docId of docIds) {
      const doc = this.#docs.get(docId);
      if (!doc) continue;
      const newest = doc.sentAt.findLastIndex((t) => t <= before);
      if (newest >= 0 && doc.ackedAt[newest] === null) return false;
    }
    return true;
  }

  /** Whether device `client` of `workspace` has received every edit of `wanted` in it. */
  holdsAll(
    client: number,
    workspace: string,
    wanted: ReadonlyMap<string, { workspace: string; seq: number }>,
  ): boolean {
    const mine = this.#seenBy.get(client);
    for (const [docId, w] of wanted)
      if (w.workspace === workspace && (mine?.get(docId) ?? 0) < w.seq) return false;
    return true;
  }
}

export interface LostWrite {
  docId: string;
  acked: number;
  /** The edit the database holds; null: the document is not there at all. */
  found: number | null;
}

/**
 * Acknowledged edits the database does not hold: `acked` is each document's newest acknowledged
 * edit, `stored` the edit read back from the database for each document found there.
 */
export function lostWrites(
  acked: ReadonlyMap<string, { seq: number }>,
  stored: ReadonlyMap<string, number | null>,
): LostWrite[] {
  const lost: LostWrite[] = [];
  for (const [docId, { seq }] of acked) {
    const found = stored.has(docId) ? stored.get(docId)! : null;
    if (found === null || found < seq) lost.push({ docId, acked: seq, found });
  }
  return lost;
}
