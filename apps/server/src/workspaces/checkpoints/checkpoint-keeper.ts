import type { FastifyBaseLogger } from 'fastify';
import { CouchClient, couchFailure } from '../../db/couch-client.ts';

/** How often the checkpoints written here go to the database. */
export const CHECKPOINT_FLUSH_MS = 30_000;
/** A checkpoint nobody read or wrote for this long, and already in the database, is let go. */
const IDLE_MS = 10 * 60_000;
/**
 * How long a checkpoint the database did not have is taken to be missing without asking again.
 * A new device asks for each of its checkpoints twice before writing one (PouchDB reads before
 * it starts and again before its first write): asked of the database each time, 1,000 devices
 * connecting together queued 2,000 reads ahead of everyone's writes (issue 22's load test,
 * 18 s deep). One written meanwhile through another instance can be missed here for up to
 * about twice this (it reaches the database only with that instance's next flush); the
 * write-behind already accepts such a miss: the device compares again changes it may have.
 */
export const MISSING_MS = CHECKPOINT_FLUSH_MS;

export type CheckpointDoc = Record<string, unknown>;

interface Held {
  dbName: string;
  id: string;
  doc: CheckpointDoc;
  /** The N of its revision "0-N", as this instance answers it. */
  rev: number;
  /** Its revision in the database, when known (null: none there, or not known yet). */
  stored: string | null;
  /** Writes not yet in the database; each write adds one. */
  unsaved: number;
  touched: number;
}

const revNumber = (rev: unknown) =>
  typeof rev === 'string' && /^0-\d{1,9}$/.test(rev) ? Number(rev.slice(2)) : 0;

/**
 * Replication checkpoints (`_local/<replication id>` in a workspace database), kept by this
 * instance and written to the database behind (decision 015). PouchDB reads and writes each
 * checkpoint after every batch, per device and direction: written through, 1,000 following
 * clients made every change cost the database 2,000 writes. A checkpoint that reaches the
 * database late, or never (a crash), only makes a device compare a few changes again: PouchDB
 * starts from the newest point both sides' checkpoint histories share, and the documents
 * themselves were written through at once.
 *
 * The last write wins, whatever revision it names: one replication writes its checkpoint, and
 * behind a balancer its read and its write may reach two instances that hold different
 * revisions, which a conflict would turn into a failed replication.
 */
export class CheckpointKeeper {
  private readonly held = new Map<string, Held>();
  /** Checkpoints the database did not have, with when it said so. */
  private readonly missing = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly couch: CouchClient,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  start(everyMs = CHECKPOINT_FLUSH_MS): void {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  /** Write what is unsaved, then stop (the server closing). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** The checkpoint as this instance holds it, else as the database does; null if neither. */
  async get(dbName: string, id: string, signal?: AbortSignal): Promise<CheckpointDoc | null> {
    const key = keyOf(dbName, id);
    let held = this.held.get(key);
    if (!held) {
      const missingSince = this.missing.get(key);
      if (missingSince !== undefined && this.now() - missingSince < MISSING_MS) return null;
      const stored = await this.read(dbName, id, signal);
      // A write that came in while reading is newer than what was read.
      held = this.held.get(key);
      if (!held) {
        if (!stored) {
          this.missing.set(key, this.now());
          return null;
        }
        this.missing.delete(key);
        held = {
          dbName,
          id,
          doc: content(stored),
          rev: revNumber(stored._rev),
          stored: typeof stored._rev === 'string' ? stored._rev : null,
          unsaved: 0,
          touched: this.now(),
        };
        this.held.set(key, held);
      }
    }
    held.touched = this.now();
    return { ...held.doc, _id: id, _rev: `0-${held.rev}` };
  }

  /** Keep a checkpoint written by a client; answered at once, saved with the next flush. */
  put(dbName: string, id: string, body: CheckpointDoc): { ok: true; id: string; rev: string } {
    const key = keyOf(dbName, id);
    this.missing.delete(key);
    const held = this.held.get(key);
    const rev = Math.max(held?.rev ?? 0, revNumber(body._rev)) + 1;
    this.held.set(key, {
      dbName,
      id,
      doc: content(body),
      rev,
      stored: held?.stored ?? null,
      unsaved: (held?.unsaved ?? 0) + 1,
      touched: this.now(),
    });
    return { ok: true, id, rev: `0-${rev}` };
  }

  /** A checkpoint deleted (passed to the database by the caller): forget it here. */
  forget(dbName: string, id: string): void {
    this.held.delete(keyOf(dbName, id));
    this.missing.delete(keyOf(dbName, id));
  }

  /** Checkpoints held and not yet in the database: for tests and metrics. */
  get unsaved(): number {
    let n = 0;
    for (const held of this.held.values()) if (held.unsaved > 0) n++;
    return n;
  }

  /** Write every checkpoint with unsaved writes to the database; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeAll());
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    const at = this.now();
    for (const [key, since] of this.missing) if (at - since >= MISSING_MS) this.missing.delete(key);
    for (const [key, held] of [...this.held]) {
      if (held.unsaved === 0) {
        if (at - held.touched > IDLE_MS) this.held.delete(key);
        continue;
      }
      const writes = held.unsaved;
      try {
        const rev = await this.write(held);
        const now = this.held.get(key);
        if (!now) continue;
        now.stored = rev;
        if (rev === null) this.held.delete(key);
        // Written again while this write was on its way: that one goes with the next flush.
        else now.unsaved = Math.max(0, now.unsaved - writes);
      } catch (err) {
        this.log.warn(
          { err, db: held.dbName },
          'saving a replication checkpoint failed; will retry',
        );
      }
    }
  }

  /** The checkpoint's new revision in the database; null when its database is gone. */
  private async write(held: Held): Promise<string | null> {
    const path = localPath(held.dbName, held.id);
    let stored = held.stored;
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await this.couch.request('PUT', path, {
        body: { ...held.doc, _id: held.id, ...(stored ? { _rev: stored } : {}) },
      });
      const answer = (await res.json().catch(() => ({}))) as { rev?: unknown };
      if (res.ok && typeof answer.rev === 'string') return answer.rev;
      if (res.status === 404) return null;
      if (res.status !== 409)
        throw couchFailure(res.status, `PUT ${held.id}`, JSON.stringify(answer));
      // Written by another instance since: the last write wins, so write over it.
      const current = await this.read(held.dbName, held.id);
      stored = typeof current?._rev === 'string' ? current._rev : null;
    }
    throw new Error('checkpoint write kept conflicting');
  }

  private async read(
    dbName: string,
    id: string,
    signal?: AbortSignal,
  ): Promise<CheckpointDoc | null> {
    const res = await this.couch.request('GET', localPath(dbName, id), { signal });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw couchFailure(res.status, `GET ${id}`, await res.text());
    return (await res.json()) as CheckpointDoc;
  }
}

/** A checkpoint without its id and revision, which this instance gives it. */
function content(doc: CheckpointDoc): CheckpointDoc {
  const copy = { ...doc };
  delete copy._id;
  delete copy._rev;
  return copy;
}

const keyOf = (dbName: string, id: string) => `${dbName}\n${id}`;

const localPath = (dbName: string, id: string) =>
  CouchClient.dbPath(dbName, `/_local/${encodeURIComponent(id.slice('_local/'.length))}`);
