/**
 * The recent changes of one workspace database as a feed read them, in arrival order, with the
 * document revisions each brought. Sequences are the database's own, opaque: looked up by
 * equality only, never parsed or compared (CouchDB 3 clusters answer `"12-g1AAAA…"`).
 */
export type Seq = string | number;

/** One row of `_changes?style=all_docs`, as the database wrote it. */
export interface ChangeRow {
  seq: Seq;
  id: string;
  changes: { rev: string }[];
  deleted?: boolean;
}

/** One `_bulk_get?revs=true` answer for one document revision, as the database wrote it. */
export type BulkGetDoc = { ok: Record<string, unknown> } | { error: Record<string, unknown> };

export class ChangeLog {
  /** The recent changes, oldest first. */
  private rows: ChangeRow[] = [];
  /** Change number (over the log's life) of each kept change, by sequence. */
  private readonly bySeq = new Map<string, number>();
  /** `rows[0]` is change number `dropped` of the log's life. */
  private dropped = 0;
  private readonly docs = new Map<string, BulkGetDoc>();

  constructor(private readonly kept: number) {}

  /** Publish a batch of changes and the revisions read for them. */
  add(rows: readonly ChangeRow[], docs: ReadonlyMap<string, BulkGetDoc>): void {
    for (const [key, doc] of docs) this.docs.set(key, doc);
    for (const row of rows) {
      this.bySeq.set(String(row.seq), this.dropped + this.rows.length);
      this.rows.push(row);
    }
    const over = this.rows.length - this.kept;
    if (over <= 0) return;
    for (const row of this.rows.slice(0, over)) {
      this.bySeq.delete(String(row.seq));
      for (const change of row.changes) this.docs.delete(docKey(row.id, change.rev));
    }
    this.rows = this.rows.slice(over);
    this.dropped += over;
  }

  /** Whether this sequence is one the log published (a client following the feed). */
  knows(since: string): boolean {
    return this.bySeq.has(since);
  }

  /** Published changes after `since` (one the log knows), at most `limit`. */
  after(since: string, limit: number): ChangeRow[] {
    const at = this.bySeq.get(since);
    return at === undefined ? [] : this.afterPosition(at + 1, limit);
  }

  /** How many changes were published so far: a cursor for a client the log does not know. */
  get position(): number {
    return this.dropped + this.rows.length;
  }

  /** The cursor of the oldest change still kept: one before it has been let go. */
  get oldestPosition(): number {
    return this.dropped;
  }

  /** Changes published from cursor `position` on, at most `limit`. */
  afterPosition(position: number, limit: number): ChangeRow[] {
    const from = Math.max(0, position - this.dropped);
    return this.rows.slice(from, from + limit);
  }

  get last(): Seq | null {
    return this.rows.at(-1)?.seq ?? null;
  }

  doc(id: string, rev: string): BulkGetDoc | undefined {
    return this.docs.get(docKey(id, rev));
  }
}

export const docKey = (id: string, rev: string) => `${id}\n${rev}`;
