import type { Seq } from './replica-types.ts';

/** The feed's sequence before the page that brought a revision, and that page's place in the feed. */
export interface FeedPlace {
  page: number;
  since: Seq;
}

/** A server document as the feed brought it, ready to be written with `new_edits: false`. */
export interface FedDoc {
  _id: string;
  _rev: string;
}

/** Where one document stands in the first fill. */
interface Entry {
  /** The revision the replica holds. */
  held?: string;
  /** The revision being written now. */
  writing?: string;
  /** The document to write, as the feed brought it: the replica has no revision of it yet. */
  doc?: FedDoc;
  /**
   * A later revision to fetch with its history: written without it, it would sit beside the one
   * the replica holds (or is writing) as a conflict.
   */
  later?: string;
  /** For `later`: where the pull resumes if it cannot be fetched (offline); kept until it is. */
  from?: FeedPlace;
}

/**
 * What the first fill knows of each document: held, being written, waiting to be written, or a
 * later revision waiting to be fetched with its history. One entry per document, changed only by
 * the transitions below, so the fill's bookkeeping cannot disagree with itself.
 */
export class FillLedger {
  private readonly entries = new Map<string, Entry>();
  // The two work lists, in feed order (a document brought again moves to the end of `toWrite`).
  private readonly toWrite = new Set<string>();
  private readonly toFetch = new Set<string>();

  private entry(id: string): Entry {
    let entry = this.entries.get(id);
    if (!entry) this.entries.set(id, (entry = {}));
    return entry;
  }

  /** The replica holds `rev` (found there, or just written by the page). */
  hold(id: string, rev: string): void {
    this.entry(id).held = rev;
  }

  /**
   * A revision the feed brought: the document, `deleted` for a deletion, or null when the row
   * came without its document (it then changes nothing waiting to be written).
   */
  see(id: string, rev: string, doc: FedDoc | 'deleted' | null, from: FeedPlace): void {
    const entry = this.entry(id);
    const held = entry.writing ?? entry.held;
    if (held === rev) return;
    if (held !== undefined) {
      entry.later = rev;
      entry.from ??= from;
      this.toFetch.add(id);
      this.dropWrite(id, entry);
    } else if (doc === 'deleted') this.dropWrite(id, entry);
    else if (doc) {
      // A later revision of a document not written yet simply replaces it, at the end of the line.
      this.dropWrite(id, entry);
      entry.doc = doc;
      this.toWrite.add(id);
    }
  }

  get writesWaiting(): number {
    return this.toWrite.size;
  }

  get fetchesWaiting(): number {
    return this.toFetch.size;
  }

  /** The first `count` documents waiting to be written. */
  nextWrites(count: number): string[] {
    return firstOf(this.toWrite, count);
  }

  /** The first `count` later revisions waiting to be fetched. */
  nextFetches(count: number): string[] {
    return firstOf(this.toFetch, count);
  }

  /** Of `ids` (a page write's documents, a few), those waiting to be written, and to be fetched. */
  waitingAmong(ids: Iterable<string>): { writes: string[]; fetches: string[] } {
    const writes: string[] = [];
    const fetches: string[] = [];
    for (const id of ids) {
      if (this.toWrite.has(id)) writes.push(id);
      if (this.toFetch.has(id)) fetches.push(id);
    }
    return { writes, fetches };
  }

  /** Take documents off the write list to write them now. */
  startWrites(ids: readonly string[]): FedDoc[] {
    const docs: FedDoc[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry?.doc) continue;
      docs.push(entry.doc);
      entry.writing = entry.doc._rev;
      this.dropWrite(id, entry);
    }
    return docs;
  }

  /** A write of `docs` ended: held, or (`ok` false) waiting again unless a later one came. */
  endWrites(docs: readonly FedDoc[], ok: boolean): void {
    for (const doc of docs) {
      const entry = this.entry(doc._id);
      entry.writing = undefined;
      if (ok) entry.held = doc._rev;
      else if (!this.toFetch.has(doc._id) && !this.toWrite.has(doc._id)) {
        entry.doc = doc;
        this.toWrite.add(doc._id);
      }
    }
  }

  /** Take later revisions off the fetch list to fetch and write them now. */
  startFetches(ids: readonly string[]): { id: string; rev: string }[] {
    const wanted: { id: string; rev: string }[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry?.later) continue;
      wanted.push({ id, rev: entry.later });
      entry.writing = entry.later;
      entry.later = undefined;
      this.toFetch.delete(id);
    }
    return wanted;
  }

  /**
   * A fetch of `wanted` ended. `got` are those written (one the server no longer has is followed
   * by a later revision in the feed); null when it failed: they wait again unless a later
   * revision has taken their place meanwhile.
   */
  endFetches(
    wanted: readonly { id: string; rev: string }[],
    got: ReadonlySet<string> | null,
  ): void {
    for (const { id, rev } of wanted) {
      const entry = this.entry(id);
      entry.writing = undefined;
      if (!got) {
        if (!this.toFetch.has(id)) {
          entry.later = rev;
          this.toFetch.add(id);
        }
      } else if (got.has(id)) {
        entry.held = rev;
        if (!this.toFetch.has(id)) entry.from = undefined;
      }
    }
  }

  /** The earliest place in the feed of a later revision still not fetched, if any. */
  earliestUnfetched(): FeedPlace | null {
    let earliest: FeedPlace | null = null;
    for (const { from } of this.entries.values())
      if (from && (!earliest || from.page < earliest.page)) earliest = from;
    return earliest;
  }

  private dropWrite(id: string, entry: Entry): void {
    entry.doc = undefined;
    this.toWrite.delete(id);
  }
}

function firstOf(ids: ReadonlySet<string>, count: number): string[] {
  const first: string[] = [];
  for (const id of ids) {
    if (first.length === count) break;
    first.push(id);
  }
  return first;
}
