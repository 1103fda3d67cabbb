import { LIMITS } from '@keel/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppStore } from '../db/app-store.ts';
import { CouchClient, type CouchDoc } from '../db/couch-client.ts';
import { claimDeliveries } from './delivery-claims.ts';
import type { DeliveryAttempts } from './delivery-attempts.ts';
import { eventsOfChange, type FeedChange } from './webhook-events.ts';
import { payloadsOf } from './webhook-payload.ts';
import {
  claimDocId,
  deliveryRange,
  type DeliveryClaimDoc,
  type DeliveryDoc,
  type WebhookDoc,
  type WebhookStore,
} from './webhook-store.ts';

export { DeliveriesInFlight } from './delivery-claims.ts';

/**
 * `webhookfeed:<workspaceId>`: how far the workspace's changes have been turned into deliveries
 * (`since`, the changes feed's opaque sequence), and which instance is doing it now (`holder`
 * until `heldUntil`, a lease renewed while it works).
 */
export interface FeedLeaseDoc extends CouchDoc {
  type: 'webhookfeed';
  workspaceId: string;
  since: string | null;
  holder: string | null;
  heldUntil: string | null;
}

/** What the webhook workers are made of, on every instance. */
export interface WebhookParts {
  couch: CouchClient;
  store: AppStore;
  webhooks: WebhookStore;
  attempts: DeliveryAttempts;
  log: FastifyBaseLogger;
}

export const leaseDocId = (workspaceId: string) => `webhookfeed:${workspaceId}`;

/** How long a delivery stays in the log (GitHub keeps a few days; a week here). */
export const DELIVERY_LOG_MS = 7 * 24 * 60 * 60 * 1000;

/** Changes read at once: a batch's deliveries are claimed together. */
const BATCH = 200;

interface ChangesAnswer {
  results: {
    id: string;
    seq: unknown;
    changes: { rev: string }[];
    deleted?: boolean;
    doc?: Record<string, unknown>;
  }[];
  last_seq: unknown;
}

const seqText = (seq: unknown) => (typeof seq === 'string' ? seq : JSON.stringify(seq));

/**
 * Turns one workspace's changes into deliveries and sends them, on the one instance that holds
 * its lease (webhook-dispatcher.ts). Following the database's own changes is what makes an edit
 * made offline fire its webhook once it syncs. Exactly once per change per endpoint, whatever
 * the instances do: a delivery is made only by whoever creates its claim (`whclaim:…`, read back
 * once settled), and `since` is saved only after a batch's deliveries exist, so a batch read
 * twice (a crash, a lease changing hands) finds its claims made and adds nothing.
 */
export class WorkspaceWebhooks {
  /** Deliveries still to make, by document id: when each is due (ms). */
  private readonly due = new Map<string, number>();
  private hooks: WebhookDoc[] = [];
  private sending: Promise<number> | null = null;
  private stopped = false;

  constructor(
    readonly workspaceId: string,
    private readonly dbName: string,
    private readonly slug: string,
    private readonly deps: WebhookParts & { now: () => number },
  ) {}

  /** The webhooks as last read; the dispatcher reads them again before each batch. */
  async refreshHooks(): Promise<WebhookDoc[]> {
    this.hooks = await this.deps.webhooks.list(this.workspaceId);
    return this.hooks;
  }

  /**
   * What waits for an attempt in the database: the deliveries of the last day still pending or
   * retrying. Read on taking the lease (what a previous holder left) and every few minutes
   * after, so a delivery this queue lost sight of (a redelivery made on another instance, a
   * read that failed) is found again: the database is the queue, this is its copy.
   */
  async loadPending(): Promise<void> {
    const from = this.deps.now() - LIMITS.webhookRetryMs - 60 * 60_000;
    for (const hook of this.hooks) {
      for await (const page of this.pages(deliveryRange(hook.id, from)))
        for (const doc of page)
          if (doc.status === 'pending' || doc.status === 'retrying')
            this.due.set(doc._id, doc.nextAttemptAt ? Date.parse(doc.nextAttemptAt) : 0);
          else this.due.delete(doc._id);
    }
  }

  /**
   * Deliveries older than the log keeps (DELIVERY_LOG_MS) go, with their claims: a page of
   * them per webhook at a time, so a long backlog is worked off over several passes.
   */
  async prune(): Promise<number> {
    const before = this.deps.now() - DELIVERY_LOG_MS;
    let removed = 0;
    for (const hook of this.hooks) {
      const range = deliveryRange(hook.id);
      const rows = await this.deps.couch.allDocs<DeliveryDoc>(this.deps.store.db, {
        startkey: range.startkey,
        endkey: deliveryRange(hook.id, before).startkey,
        include_docs: true,
        limit: 500,
      });
      const old = rows.flatMap((r) => (r.doc?.type === 'delivery' ? [r.doc] : []));
      if (old.length === 0) continue;
      const claims = await this.deps.couch.allDocs<DeliveryClaimDoc>(this.deps.store.db, {
        keys: old.map((d) => claimDocId(d.webhookId, d.eventId)),
      });
      const gone = [
        ...old.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })),
        ...claims.flatMap((c) =>
          c.value && !c.value.deleted ? [{ _id: c.id, _rev: c.value.rev, _deleted: true }] : [],
        ),
      ];
      await this.deps.couch.bulkDocs(this.deps.store.db, gone);
      removed += old.length;
    }
    return removed;
  }

  private async *pages(range: { startkey: string; endkey: string }) {
    let startkey = range.startkey;
    for (;;) {
      const rows = await this.deps.couch.allDocs<DeliveryDoc>(this.deps.store.db, {
        startkey,
        endkey: range.endkey,
        include_docs: true,
        limit: 500,
      });
      yield rows.flatMap((r) => (r.doc?.type === 'delivery' ? [r.doc] : []));
      if (rows.length < 500) return;
      startkey = `${rows.at(-1)!.id}\u0000`;
    }
  }

  /**
   * One batch of the workspace's changes after `since`, waiting up to `waitMs` for one: its
   * deliveries made. Returns the sequence to read from next (save it), or null when nothing new.
   */
  async readBatch(
    since: string | null,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const query: Record<string, string | number | boolean> = {
      include_docs: true,
      limit: BATCH,
      since: since ?? 'now',
    };
    if (waitMs > 0) {
      query.feed = 'longpoll';
      query.timeout = waitMs;
    }
    const answer = await this.deps.couch.json<ChangesAnswer>(
      'GET',
      CouchClient.dbPath(this.dbName, '/_changes'),
      { query, lasting: waitMs > 0, signal },
    );
    const next = seqText(answer.last_seq);
    if (answer.results.length === 0) return since === null || next !== since ? next : null;
    // Read after the changes came: a webhook made, changed or turned off while this read waited
    // is taken as it is now.
    await this.refreshHooks();
    const changes: FeedChange[] = answer.results.flatMap((row) =>
      row.changes[0]?.rev
        ? [
            {
              id: row.id,
              rev: row.changes[0].rev,
              deleted: row.deleted === true,
              doc: row.doc ?? null,
            },
          ]
        : [],
    );
    await this.makeDeliveries(changes);
    return next;
  }

  private async makeDeliveries(changes: FeedChange[]): Promise<void> {
    const active = this.hooks.filter((h) => h.active);
    const events = changes.flatMap(eventsOfChange);
    const wanted = events.flatMap((event) =>
      active.filter((h) => h.events.includes(event.type)).map((hook) => ({ hook, event })),
    );
    if (wanted.length === 0) return;
    const payloads = await payloadsOf(
      [...new Map(wanted.map((w) => [w.event.id, w.event])).values()],
      changes,
      {
        couch: this.deps.couch,
        dbName: this.dbName,
        workspace: { id: this.workspaceId, slug: this.slug },
      },
      this.deps.now,
    );
    const made = await claimDeliveries(this.deps.store, wanted, this.deps.now());
    if (made.length === 0) return;
    const docs: DeliveryDoc[] = made.map(({ hook, event, deliveryId }) => ({
      _id: deliveryId,
      type: 'delivery',
      webhookId: hook.id,
      workspaceId: this.workspaceId,
      eventId: event.id,
      event: event.type,
      body: JSON.stringify(payloads.get(event.id)),
      status: 'pending',
      attempts: 0,
      createdAt: new Date(this.deps.now()).toISOString(),
      lastAttemptAt: null,
      nextAttemptAt: null,
      responseStatus: null,
      durationMs: null,
      error: null,
      responseBody: null,
      claimedBy: null,
      claimedUntil: null,
    }));
    const results = await this.deps.couch.bulkDocs(this.deps.store.db, docs);
    const failed = results.filter((r) => !r.ok && r.error !== 'conflict');
    if (failed.length)
      throw new Error(`writing ${failed.length} deliveries failed: ${failed[0]!.error}`);
    // A conflict: another instance finished an abandoned claim at the same moment; it sends.
    results.forEach((r, i) => r.ok && this.due.set(docs[i]!._id, 0));
  }

  /**
   * Attempt every delivery that is due, a few at a time; those done leave the queue. One pass
   * at a time per workspace, so a slow endpoint here holds up no other workspace.
   */
  sendDue(concurrency = 4): Promise<number> {
    this.sending ??= this.sendDueOnce(concurrency).finally(() => (this.sending = null));
    return this.sending;
  }

  private async sendDueOnce(concurrency: number): Promise<number> {
    const now = this.deps.now();
    const ready = [...this.due].filter(([, at]) => at <= now).map(([id]) => id);
    let sent = 0;
    const work = async () => {
      for (let id = ready.shift(); id !== undefined && !this.stopped; id = ready.shift()) {
        const result = await this.deps.attempts.attempt(id).catch((err: unknown) => {
          this.deps.log.warn({ err, delivery: id }, 'a webhook delivery attempt failed');
          return 'skipped' as const;
        });
        if (result === 'done' || result === 'delivered') this.due.delete(id);
        else {
          // When the record says it is due next. Not read (the database away): kept, and
          // looked at again in a while; only the record says a delivery is done.
          const doc = await this.deps.store.get<DeliveryDoc>(id).catch(() => undefined);
          if (doc === null || doc?.status === 'delivered' || doc?.status === 'failed')
            this.due.delete(id);
          else
            this.due.set(
              id,
              doc?.nextAttemptAt ? Date.parse(doc.nextAttemptAt) : this.deps.now() + 15_000,
            );
        }
        if (result === 'delivered' || result === 'failed') sent++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, ready.length) }, work));
    return sent;
  }

  /** Stop sending; a pass under way ends after the attempts it has started. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.sending?.catch(() => undefined);
  }

  /** Deliveries waiting in this instance's queue (tests, metrics). */
  get waiting(): number {
    return this.due.size;
  }
}
