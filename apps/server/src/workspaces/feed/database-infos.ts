import { CouchClient } from '../../db/couch-client.ts';

/** How old an answer may be: PouchDB reads it for a progress figure, once per batch. */
const FRESH_MS = 1_000;
/** Past this many databases, answers that are no longer fresh are let go. */
const KEPT = 1_000;

interface Held {
  at: number;
  answer: Promise<Record<string, unknown> | null>;
}

/**
 * `GET /db/:ws/` (the database's info), asked by every following client after every batch of
 * changes, answered from one read per database per second on this instance. An answer a second
 * old is safe wherever it is used: its `update_seq` is a sequence the client may start reading
 * changes from (the first fill does), and starting earlier only reads some changes twice.
 */
export class DatabaseInfos {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly couch: CouchClient,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The info of `dbName`; null when the database did not answer it (the caller asks itself). */
  get(dbName: string): Promise<Record<string, unknown> | null> {
    const at = this.now();
    const held = this.held.get(dbName);
    if (held && at - held.at < FRESH_MS) return held.answer;
    if (this.held.size >= KEPT)
      for (const [name, old] of this.held) if (at - old.at >= FRESH_MS) this.held.delete(name);
    const answer = this.read(dbName);
    this.held.set(dbName, { at, answer });
    // A failure is not kept: the next request asks again (and meets the error itself).
    void answer.then((info) => {
      if (!info && this.held.get(dbName)?.answer === answer) this.held.delete(dbName);
    });
    return answer;
  }

  private async read(dbName: string): Promise<Record<string, unknown> | null> {
    try {
      const res = await this.couch.request('GET', CouchClient.dbPath(dbName, '/'));
      if (res.status !== 200) {
        await res.body?.cancel();
        return null;
      }
      return (await res.json()) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
}
