/**
 * The requests of PouchDB's replicator against `/db/:ws`, for simulated devices: one request
 * counted by endpoint and outcome, and checkpoints read and written as pouchdb-checkpointer does.
 */
import { createHash } from 'node:crypto';
import { NoReply, type HttpClient, type HttpReply, type RequestOptions } from './http-client.ts';
import type { Tally } from './stats.ts';

/** A request other than the longpoll that takes this long counts as failed (timeout). */
export const REQUEST_TIMEOUT_MS = 60_000;

export type Seq = string | number;

export interface Traffic {
  /** Failed requests and refused documents, by endpoint and status (or network error). */
  errors: Tally;
  /** Requests answered, by endpoint. */
  requests: Tally;
  /** When set: how long each answered request took as the device saw it, ms by endpoint. */
  durations?: Map<string, number[]>;
  /** When set: requests that took a second or more, with when they were sent (performance.now()). */
  slow?: { endpoint: string; sent: number; ms: number }[];
}

/** Record how long `what` took (ms), when this traffic is timed. */
export function recordSpan(traffic: Traffic, what: string, ms: number): void {
  const took = traffic.durations;
  if (!took) return;
  const list = took.get(what) ?? [];
  list.push(ms);
  took.set(what, list);
}

/** A request answered other than the replicator needs: it ends the replication's run. */
export class ReplicationFailure extends Error {}

/** PouchDB's checkpoint ids: an MD5 in base64 with `/` and `+` made URL-safe. */
export function replicationId(seed: string): string {
  return createHash('md5').update(seed).digest('base64').replace(/\//g, '.').replace(/\+/g, '_');
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Keel's back-off (apps/web/src/data/replica.ts): 1 s, then doubling up to 30 s. */
export function nextBackOff(previous: number): number {
  return Math.min(30_000, previous === 0 ? 1_000 : previous * 2);
}

interface Checkpoint {
  _id: string;
  _rev?: string;
  last_seq?: Seq;
  session_id: string;
  history: { last_seq: Seq; session_id: string }[];
  replicator: string;
  version: number;
}

export class Replicator {
  constructor(
    readonly http: HttpClient,
    readonly slug: string,
    readonly traffic: Traffic,
  ) {}

  /** Requests waiting for their answer, with when each was sent (to explain a stuck device). */
  readonly inFlight = new Map<number, { what: string; at: number; port: number }>();
  #nextRequest = 0;

  /** One request to `/db/:ws` + `path`; `ok` statuses pass, anything else is counted and thrown. */
  async call(
    endpoint: string,
    method: string,
    path: string,
    options: RequestOptions,
    ok: readonly number[] = [200, 201],
  ): Promise<HttpReply> {
    let reply: HttpReply;
    const id = this.#nextRequest++;
    const sent = performance.now();
    this.inFlight.set(id, {
      what: `${method} ${path.split('?')[0]}`,
      at: sent,
      port: this.http.target.port,
    });
    try {
      reply = await this.http.request(
        method,
        `/db/${encodeURIComponent(this.slug)}${path}`,
        options,
      );
      const ms = performance.now() - sent;
      recordSpan(this.traffic, `${endpoint} ${reply.status}`, ms);
      if (ms >= 1000)
        this.traffic.slow?.push({ endpoint: `${endpoint} ${reply.status}`, sent, ms });
    } catch (err) {
      if (err instanceof NoReply && err.kind !== 'aborted')
        this.traffic.errors.add(`${endpoint} ${err.kind}`);
      throw err;
    } finally {
      this.inFlight.delete(id);
    }
    this.traffic.requests.add(endpoint);
    if (!ok.includes(reply.status)) {
      this.traffic.errors.add(`${endpoint} ${reply.status}`);
      throw new ReplicationFailure(
        `${method} ${path} → ${reply.status}: ${reply.text.slice(0, 200)}`,
      );
    }
    return reply;
  }

  async #getCheckpoint(id: string, signal: AbortSignal): Promise<Checkpoint | null> {
    const reply = await this.call(
      'GET _local',
      'GET',
      `/_local/${encodeURIComponent(id)}`,
      { signal, timeoutMs: REQUEST_TIMEOUT_MS },
      // A missing checkpoint is PouchDB's first question, not a failure.
      [200, 404],
    );
    return reply.status === 404 ? null : (JSON.parse(reply.text) as Checkpoint);
  }

  /** The last sequence of checkpoint `id` on the server, or 0 without one. */
  async readCheckpoint(id: string, signal: AbortSignal): Promise<Seq> {
    return (await this.#getCheckpoint(id, signal))?.last_seq ?? 0;
  }

  /** pouchdb-checkpointer's updateCheckpoint: read, and write only when the sequence moved. */
  async writeCheckpoint(id: string, seq: Seq, session: string, signal: AbortSignal) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const doc: Checkpoint = (await this.#getCheckpoint(id, signal)) ?? {
        session_id: session,
        _id: `_local/${id}`,
        history: [],
        replicator: 'pouchdb',
        version: 1,
      };
      if (doc.last_seq === seq) return;
      doc.history = [
        { last_seq: seq, session_id: session },
        ...(doc.history ?? []).filter((h) => h.session_id !== session),
      ].slice(0, 5);
      doc.version = 1;
      doc.replicator = 'pouchdb';
      doc.session_id = session;
      doc.last_seq = seq;
      const put = await this.call(
        'PUT _local',
        'PUT',
        `/_local/${encodeURIComponent(id)}`,
        { json: doc, signal, timeoutMs: REQUEST_TIMEOUT_MS },
        // Someone else wrote it meanwhile: PouchDB reads it again and retries.
        [200, 201, 409],
      );
      if (put.status !== 409) return;
    }
    throw new ReplicationFailure(`checkpoint ${id}: conflict after 5 attempts`);
  }
}
