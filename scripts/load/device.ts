/**
 * One simulated device syncing a workspace: the requests PouchDB's `db.sync(remote, { live: true,
 * retry: true, batch_size: 250 })` makes against `/db/:ws` (apps/web/src/data/replica.ts),
 * checked against a real pouchdb-node syncing through Keel. Two replications, each retrying on
 * its own:
 *
 * Pull (server → device):
 * - `GET /db/:ws/` (the replicator's progress figure starts from it), then
 *   `GET _changes?style=all_docs&since=S&limit=250` until a page comes back empty, then the
 *   checkpoint is written and the feed goes live: `GET _changes?style=all_docs&feed=longpoll&
 *   heartbeat=10000&since=S&limit=N` (N counts down from 250 by the changes received, then
 *   starts again), asked again as soon as each answer arrives;
 * - each batch of changes, one at a time: `POST _bulk_get?revs=true&latest=true` for the
 *   revisions the device lacks, `GET /db/:ws/` (the replicator's progress figure, unawaited),
 *   then the checkpoint: `GET _local/<pull id>` and `PUT` it when the sequence moved.
 *
 * Push (device → server): every document the device writes, the ones it pulled included, comes
 * out of its own changes feed, so after the first `GET _local/<push id>` and checkpoint each
 * batch is `POST _revs_diff`, `POST _bulk_docs` (`new_edits: false`) for what the server
 * lacks (nothing, for pulled documents), then `GET`/`PUT _local/<push id>`.
 *
 * A failure stops that replication's run; it starts again from its checkpoint after Keel's
 * back-off (1 s, 2 s, 4 s … 30 s), reset once a batch starts.
 *
 * With the `stream` transport (issue 22's push transport, the design the web app moves to) the
 * pull is one long `GET /api/workspaces/:ws/changes?since=S` bringing every change with its
 * revisions; the device writes them and asks again from the last sequence when it ends. The push
 * then sends only what the device itself wrote: revisions it pulled are not echoed back.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import {
  nextBackOff,
  recordSpan,
  ReplicationFailure,
  Replicator,
  REQUEST_TIMEOUT_MS,
  replicationId,
  sleep,
  type Seq,
  type Traffic,
} from './replicator.ts';
import { NoReply, type HttpClient } from './http-client.ts';

const BATCH_SIZE = 250;
const BATCHES_LIMIT = 10;
const HEARTBEAT_MS = 10_000;

export interface ReplicatedDoc {
  _id: string;
  _rev: string;
  _revisions?: { start: number; ids: string[] };
  [field: string]: unknown;
}

interface Change {
  id: string;
  seq: Seq;
  changes: { rev: string }[];
}

/** A change in the device's own database, waiting for the push. */
interface LocalChange {
  doc: ReplicatedDoc;
  localSeq: number;
  /** When it was saved, or the unpushed edit it replaced was (performance.now()). */
  savedAt: number;
  /** Called when the server holds this revision (accepted, or had it already). */
  onAck?: (at: number) => void;
  /** Called when the server refused it. */
  onRefused?: (code: string) => void;
}

const generation = (rev: string) => parseInt(rev, 10);

export type DeviceState = 'starting' | 'catching up' | 'live' | 'retrying' | 'stopped';

/** How a device pulls: PouchDB's replication, or one long answer (the change stream). */
export type Transport = 'replication' | 'stream';

/** The stream's heartbeat (apps/server/src/routes/db/change-stream.ts): three missed is dead. */
const STREAM_SILENT_MS = 3 * 25_000;

/** A signal for one run of a replication, aborted with `stop` too. */
function runSignal(stop: AbortSignal): AbortController {
  const run = new AbortController();
  setMaxListeners(0, run.signal);
  if (stop.aborted) run.abort();
  else stop.addEventListener('abort', () => run.abort(), { once: true });
  return run;
}

export class Device {
  /** The pull's state. */
  state: DeviceState = 'starting';
  /** Whether the pull went live at least once. */
  wasLive = false;
  /** When (performance.now()) the last `_changes` answer came. */
  pullOkAt = 0;
  /** The last replication failures and back-offs (performance.now()), to explain a slow device. */
  readonly failures: { at: number; direction: 'pull' | 'push'; error: string; backOff: number }[] =
    [];
  readonly #held = new Map<string, string>();
  /** Local changes not pushed yet, by document, in the order of their local sequence. */
  readonly #outbox = new Map<string, LocalChange>();
  #localSeq = 0;
  /** Whether the device holds a pull checkpoint of its own (it wrote one). */
  #pullCheckpointed = false;
  #wakePush: (() => void) | null = null;
  readonly #r: Replicator;
  readonly #pullId: string;
  readonly #pushId: string;

  constructor(
    readonly index: number,
    http: HttpClient,
    readonly slug: string,
    traffic: Traffic,
    /** The documents each `_bulk_get` brought, when they arrived. */
    readonly onDocs: (device: Device, docs: ReplicatedDoc[], at: number) => void = () => undefined,
    readonly transport: Transport = 'replication',
  ) {
    this.#r = new Replicator(http, slug, traffic);
    this.#pullId = replicationId(`device-${index}-pull-${slug}`);
    this.#pushId = replicationId(`device-${index}-push-${slug}`);
  }

  get http() {
    return this.#r.http;
  }

  /** Requests waiting for their answer, with when each was sent (performance.now()). */
  get inFlight() {
    return [...this.#r.inFlight.values()];
  }

  /** Whether the pull is live and has heard from the server since `since` (performance.now()). */
  pullLiveSince(since: number): boolean {
    return this.state === 'live' && this.pullOkAt > since;
  }

  /** Whether the push has sent all there was and waits for the next change (after its start). */
  get pushIdle(): boolean {
    return this.#wakePush !== null;
  }

  /** Changes the device has not pushed yet. */
  get unpushed() {
    return this.#outbox.size;
  }

  /**
   * Whether the device has `rev` of `id` (PouchDB's `_revs_diff` against its own database).
   * Every document here has a single line of edits, so a revision is held when the held one is
   * at least as far along it.
   */
  #holds(id: string, rev: string): boolean {
    const held = this.#held.get(id);
    return held !== undefined && generation(held) >= generation(rev);
  }

  /** Save `doc` (with its new `_rev` and `_revisions`) on the device, for the push to send. */
  save(doc: ReplicatedDoc, onAck?: LocalChange['onAck'], onRefused?: LocalChange['onRefused']) {
    this.#held.set(doc._id, doc._rev);
    const waiting = this.#outbox.get(doc._id);
    this.#outbox.delete(doc._id);
    this.#outbox.set(doc._id, {
      doc,
      localSeq: ++this.#localSeq,
      // The edit it replaces has waited since then.
      savedAt: waiting?.savedAt ?? performance.now(),
      onAck,
      onRefused,
    });
    this.#wakePush?.();
  }

  /** Records a span of this device's own cycle, when its traffic is timed. */
  #took(what: string, ms: number) {
    recordSpan(this.#r.traffic, what, ms);
  }

  /** Sync until `stop` aborts. */
  async run(stop: AbortSignal) {
    setMaxListeners(0, stop);
    // PouchDB looks at the server root once per replication.
    for (let i = 0; i < 2; i++)
      await this.http
        .request('GET', '/db/', { signal: stop, timeoutMs: REQUEST_TIMEOUT_MS })
        .catch(() => undefined);
    const pull =
      this.transport === 'stream'
        ? (s: AbortSignal, a: () => void) => this.#pullStream(s, a)
        : (s: AbortSignal, a: () => void) => this.#pull(s, a);
    await Promise.all([
      this.#retrying(stop, pull, 'pull'),
      this.#retrying(stop, (s, a) => this.#push(s, a), 'push'),
    ]);
    this.state = 'stopped';
  }

  /** `retry: true`: run `once` again after each failure, with back-off. */
  async #retrying(
    stop: AbortSignal,
    once: (signal: AbortSignal, onActive: () => void) => Promise<void>,
    direction: 'pull' | 'push',
  ) {
    let backOff = 0;
    while (!stop.aborted) {
      const run = runSignal(stop);
      let error = 'ended';
      try {
        await once(run.signal, () => (backOff = 0));
      } catch (err) {
        // Counted where it happened; kept here to explain the device's timeline.
        error = err instanceof Error ? err.message : String(err);
      } finally {
        run.abort();
      }
      if (stop.aborted) break;
      if (direction === 'pull') this.state = 'retrying';
      backOff = nextBackOff(backOff);
      this.failures.push({ at: performance.now(), direction, error, backOff });
      if (this.failures.length > 10) this.failures.shift();
      await sleep(backOff, stop);
    }
  }

  /** One run of the pull: returns when `signal` aborts, throws on the first failure. */
  async #pull(signal: AbortSignal, onActive: () => void) {
    const r = this.#r;
    const session = randomUUID();
    // Changes waiting for their batch, by document (a later change replaces an earlier one).
    const pending = new Map<string, { revs: string[]; seq: Seq }>();
    let batchRunning = false;
    let batchDone: (() => void) | null = null;
    let fail: (err: unknown) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => undefined);
    signal.addEventListener('abort', () => batchDone?.(), { once: true });

    const runBatches = async () => {
      while (pending.size && !signal.aborted) {
        onActive();
        const taken = [...pending].slice(0, BATCH_SIZE);
        for (const [id] of taken) pending.delete(id);
        const seq = taken.at(-1)![1].seq;
        const wanted = taken.flatMap(([id, c]) =>
          c.revs.filter((rev) => !this.#holds(id, rev)).map((rev) => ({ id, rev })),
        );
        if (wanted.length) {
          const reply = await r.call('POST _bulk_get', 'POST', '/_bulk_get?revs=true&latest=true', {
            json: { docs: wanted },
            signal,
            timeoutMs: REQUEST_TIMEOUT_MS,
          });
          const at = performance.now();
          const body = JSON.parse(reply.text) as {
            results: { id: string; docs: { ok?: ReplicatedDoc; error?: unknown }[] }[];
          };
          const docs = body.results.flatMap((result) =>
            result.docs.flatMap((d) => (d.ok ? [d.ok] : [])),
          );
          const complete = body.results.every((result) => result.docs.every((d) => d.ok));
          this.onDocs(this, docs, at);
          // Written to the device, so they come out of its changes feed for the push.
          for (const doc of docs) if (!this.#holds(doc._id, doc._rev)) this.save(doc);
          if (!complete) throw new ReplicationFailure('There was a problem getting docs.');
        }
        void r
          .call('GET info', 'GET', '/', { signal, timeoutMs: REQUEST_TIMEOUT_MS })
          .catch(() => undefined);
        await r.writeCheckpoint(this.#pullId, seq, session, signal);
        this.#pullCheckpointed = true;
        batchDone?.();
      }
    };
    const kick = () => {
      if (batchRunning) return;
      batchRunning = true;
      runBatches().then(
        () => {
          batchRunning = false;
          if (pending.size && !signal.aborted) kick();
        },
        (err: unknown) => {
          batchRunning = false;
          fail(err);
        },
      );
    };

    const follow = async () => {
      // The device's own copy of the checkpoint is read first; without one (a new device) the
      // server's is not asked for.
      let since: Seq = this.#pullCheckpointed ? await r.readCheckpoint(this.#pullId, signal) : 0;
      // The replicator's task starts from the source's info.
      await r.call('GET info', 'GET', '/', { signal, timeoutMs: REQUEST_TIMEOUT_MS });
      this.state = 'catching up';
      let live = false;
      let leftToFetch = BATCH_SIZE;
      while (!signal.aborted) {
        while (pending.size >= BATCH_SIZE * BATCHES_LIMIT && !signal.aborted)
          await new Promise<void>((resolve) => (batchDone = resolve));
        const limit = live ? leftToFetch : BATCH_SIZE;
        const query = live
          ? `style=all_docs&feed=longpoll&heartbeat=${HEARTBEAT_MS}&since=${encodeURIComponent(since)}&limit=${limit}`
          : `style=all_docs&since=${encodeURIComponent(since)}&limit=${limit}`;
        const reply = await r.call('GET _changes', 'GET', `/_changes?${query}`, {
          signal,
          // No deadline, as in PouchDB; a connection silent past three heartbeats is dead.
          idleMs: live ? 3 * HEARTBEAT_MS : REQUEST_TIMEOUT_MS,
        });
        const body = JSON.parse(reply.text) as { results: Change[]; last_seq: Seq };
        this.pullOkAt = performance.now();
        for (const change of body.results) {
          pending.delete(change.id);
          pending.set(change.id, { revs: change.changes.map((c) => c.rev), seq: change.seq });
        }
        if (body.results.length) kick();
        if (live) {
          since = body.last_seq;
          leftToFetch -= body.results.length;
          if (leftToFetch <= 0) leftToFetch = BATCH_SIZE;
        } else if (body.results.length) {
          since = body.results.at(-1)!.seq;
        } else {
          // Caught up: the checkpoint moves to the feed's end unless a batch is on its way.
          if (!batchRunning) {
            await r.writeCheckpoint(this.#pullId, body.last_seq, session, signal);
            this.#pullCheckpointed = true;
          }
          since = body.last_seq;
          live = true;
          this.state = 'live';
          this.wasLive = true;
        }
      }
    };

    await Promise.race([follow(), failed]);
  }

  /** Where the change stream continues from: the last sequence the device wrote. */
  #streamSince: Seq = 0;

  /**
   * One run of the stream pull: asks again at once each time an answer ends (the instance
   * closing), throws on the first failure.
   */
  async #pullStream(signal: AbortSignal, onActive: () => void) {
    const { traffic } = this.#r;
    const endpoint = 'GET changes stream';
    while (!signal.aborted) {
      this.state = 'catching up';
      const decoder = new TextDecoder();
      let buffered = '';
      const onData = (chunk: Buffer) => {
        this.pullOkAt = performance.now();
        // Its first byte says the stream is open: from there each change comes as it is made.
        this.state = 'live';
        this.wasLive = true;
        buffered += decoder.decode(chunk, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          onActive();
          const batch = JSON.parse(line) as {
            results: { docs: { ok?: ReplicatedDoc }[] }[];
            last_seq: Seq;
          };
          const at = performance.now();
          const docs = batch.results.flatMap((r) => r.docs.flatMap((d) => (d.ok ? [d.ok] : [])));
          this.onDocs(this, docs, at);
          // Written to the device; the push knows them as the server's and sends none back.
          for (const doc of docs)
            if (!this.#holds(doc._id, doc._rev)) this.#held.set(doc._id, doc._rev);
          this.#streamSince = batch.last_seq;
        }
      };
      let reply;
      try {
        reply = await this.http.request(
          'GET',
          `/api/workspaces/${encodeURIComponent(this.slug)}/changes?since=${encodeURIComponent(String(this.#streamSince))}`,
          { signal, idleMs: STREAM_SILENT_MS, onData },
        );
      } catch (err) {
        if (err instanceof NoReply && err.kind !== 'aborted')
          traffic.errors.add(`${endpoint} ${err.kind}`);
        throw err;
      }
      traffic.requests.add(endpoint);
      if (reply.status !== 200) {
        traffic.errors.add(`${endpoint} ${reply.status}`);
        throw new ReplicationFailure(`${endpoint} → ${reply.status}: ${reply.text.slice(0, 200)}`);
      }
    }
  }

  /** One run of the push: returns when `signal` aborts, throws on the first failure. */
  async #push(signal: AbortSignal, onActive: () => void) {
    const r = this.#r;
    const session = randomUUID();
    await r.readCheckpoint(this.#pushId, signal);
    // Caught up with nothing to send: the checkpoint moves to the device's last change.
    if (this.#outbox.size === 0)
      await r.writeCheckpoint(this.#pushId, this.#localSeq, session, signal);
    while (!signal.aborted) {
      if (this.#outbox.size === 0) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            signal.removeEventListener('abort', wake);
            this.#wakePush = null;
            resolve();
          };
          this.#wakePush = wake;
          signal.addEventListener('abort', wake, { once: true });
        });
        continue;
      }
      onActive();
      const batch = [...this.#outbox.values()].slice(0, BATCH_SIZE);
      for (const change of batch) this.#outbox.delete(change.doc._id);
      const takenAt = performance.now();
      for (const change of batch) this.#took('edit waits for its push', takenAt - change.savedAt);
      try {
        const diff = await r.call('POST _revs_diff', 'POST', '/_revs_diff', {
          json: Object.fromEntries(batch.map((c) => [c.doc._id, [c.doc._rev]])),
          signal,
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        const missing = JSON.parse(diff.text) as Record<string, { missing: string[] }>;
        const toSend = batch.filter((c) => missing[c.doc._id]?.missing.includes(c.doc._rev));
        const refused = new Map<string, string>();
        if (toSend.length) {
          const reply = await r.call('POST _bulk_docs', 'POST', '/_bulk_docs', {
            json: { docs: toSend.map((c) => c.doc), new_edits: false },
            signal,
            timeoutMs: REQUEST_TIMEOUT_MS,
          });
          for (const row of JSON.parse(reply.text) as {
            id: string;
            error?: string;
            code?: string;
          }[])
            if (row.error) refused.set(row.id, row.code ?? row.error);
        }
        const at = performance.now();
        for (const change of batch) {
          const code = refused.get(change.doc._id);
          if (code) {
            r.traffic.errors.add(`_bulk_docs refused ${code}`);
            change.onRefused?.(code);
          } else change.onAck?.(at);
        }
        this.#took('push sends, to the answer', at - takenAt);
        await r.writeCheckpoint(this.#pushId, batch.at(-1)!.localSeq, session, signal);
        this.#took('push cycle, checkpoint included', performance.now() - takenAt);
      } catch (err) {
        // Not pushed: back in the queue in order, unless saved again meanwhile (that is newer).
        const back = [
          ...batch.filter((c) => !this.#outbox.has(c.doc._id)),
          ...this.#outbox.values(),
        ];
        this.#outbox.clear();
        for (const change of back.sort((a, b) => a.localSeq - b.localSeq))
          this.#outbox.set(change.doc._id, change);
        throw err;
      }
    }
  }
}
