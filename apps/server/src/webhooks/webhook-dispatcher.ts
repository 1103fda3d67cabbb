import type { AppStore } from '../db/app-store.ts';
import { CouchClient } from '../db/couch-client.ts';
import { forgetWorkspaceWebhooks, WORKSPACES_WITH_WEBHOOKS } from './webhook-store.ts';
import {
  DeliveriesInFlight,
  leaseDocId,
  WorkspaceWebhooks,
  type FeedLeaseDoc,
  type WebhookParts,
} from './workspace-webhooks.ts';

export interface DispatcherTiming {
  /** How often each instance looks for workspaces whose lease is free, and renews its own. */
  tickMs: number;
  /** How long a lease lasts unrenewed: a stopped instance's workspaces move on after it. */
  leaseMs: number;
  /** How long one read of a workspace's changes waits for news. */
  waitMs: number;
  /** How often due deliveries are looked for. */
  sendMs: number;
}

export const DISPATCHER_TIMING: DispatcherTiming = {
  tickMs: 10_000,
  leaseMs: 60_000,
  waitMs: 10_000,
  sendMs: 1_000,
};

interface Held {
  hooks: WorkspaceWebhooks;
  abort: AbortController;
  running: Promise<void>;
  since: string | null;
  /** When its queue was last read again from the database (REVIEW_MS). */
  reviewedAt: number;
}

/** Workspaces whose leases are kept at once. */
const KEEP_AT_ONCE = 8;
/** How often a held workspace's queue is read again from the database, and its log pruned. */
const REVIEW_MS = 5 * 60_000;

/**
 * Each instance runs one. Every workspace with webhooks is worked on by one instance at a time,
 * the holder of its lease (`webhookfeed:<id>` in the app database, renewed every tick, taken
 * over once it lapses), so a thousand workspaces spread over the instances and a stopped one's
 * work moves on within a minute. Holding a lease is only about sharing the work: exactly once
 * rests on the delivery claims (WorkspaceWebhooks), so two holders for a moment (a clock off,
 * a partition) cost a repeated read, never a repeated delivery.
 */
export class WebhookDispatcher {
  private readonly held = new Map<string, Held>();
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private sendTimer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly deps: WebhookParts & { instanceId: string; now?: () => number },
    private readonly timing: DispatcherTiming = DISPATCHER_TIMING,
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  start(): void {
    void this.tick();
    this.tickTimer = setInterval(() => void this.tick(), this.timing.tickMs);
    this.tickTimer.unref();
    this.sendTimer = setInterval(() => void this.sendDue(), this.timing.sendMs);
    this.sendTimer.unref();
  }

  /** Stop, and let go of every lease so another instance carries on at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.sendTimer) clearInterval(this.sendTimer);
    await this.ticking?.catch(() => undefined);
    await Promise.all([...this.held.keys()].map((id) => this.release(id)));
  }

  /** The workspaces this instance works on now (tests). */
  get holding(): string[] {
    return [...this.held.keys()];
  }

  /** One look at every workspace with webhooks: renew what is held, take what is free. */
  tick(): Promise<void> {
    this.ticking ??= this.tickOnce()
      .catch((err: unknown) => this.deps.log.warn({ err }, 'webhook dispatch tick failed'))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  /**
   * Attempt what is due in every held workspace: each on its own (WorkspaceWebhooks.sendDue
   * runs one pass at a time), so a slow endpoint in one holds up no other.
   */
  sendDue(): Promise<void> {
    return Promise.all(
      [...this.held.values()].map((h) =>
        h.hooks
          .sendDue()
          .catch((err: unknown) =>
            this.deps.log.warn({ err, workspace: h.hooks.workspaceId }, 'sending webhooks failed'),
          ),
      ),
    ).then(() => undefined);
  }

  private async tickOnce(): Promise<void> {
    if (this.closed) return;
    const ids = await this.deps.store.peekIdSet(WORKSPACES_WITH_WEBHOOKS);
    // A few at a time: a thousand workspaces are looked at within the lease, not one by one.
    const queue = [...ids];
    const work = async () => {
      for (let id = queue.shift(); id !== undefined && !this.closed; id = queue.shift()) {
        try {
          await this.keep(id);
        } catch (err) {
          this.deps.log.warn(
            { err, workspaceId: id },
            'webhook lease could not be kept; will retry',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(KEEP_AT_ONCE, queue.length) }, work));
    for (const workspaceId of this.held.keys())
      if (!ids.includes(workspaceId)) await this.release(workspaceId);
  }

  /** Renew or take one workspace's lease, and start or stop working on it to match. */
  private async keep(workspaceId: string): Promise<void> {
    const workspace = await this.deps.store.workspace(workspaceId);
    const hooks =
      workspace && !workspace.deletingAt ? await this.deps.webhooks.list(workspaceId) : [];
    if (!workspace || workspace.deletingAt || hooks.length === 0) {
      await this.release(workspaceId);
      if (!workspace) await forgetWorkspaceWebhooks(this.deps.store, workspaceId);
      return;
    }
    const me = this.deps.instanceId;
    const now = this.now();
    const id = leaseDocId(workspaceId);
    const before = await this.deps.store.get<FeedLeaseDoc>(id);
    const otherHolds = (lease: FeedLeaseDoc | null) =>
      !!lease?.holder &&
      lease.holder !== me &&
      !!lease.heldUntil &&
      Date.parse(lease.heldUntil) > now;
    if (otherHolds(before)) {
      if (this.held.has(workspaceId)) this.stop(workspaceId);
      return;
    }
    // Taking a lease is a claim (read back once settled, as two instances may take it through
    // two nodes at once); renewing one already ours is a plain write.
    const renewing = before?.holder === me;
    const lease = await this.deps.store
      .update<FeedLeaseDoc>(
        id,
        (current) =>
          otherHolds(current)
            ? null
            : {
                _id: id,
                type: 'webhookfeed',
                workspaceId,
                since: current?.since ?? null,
                holder: me,
                heldUntil: new Date(now + this.timing.leaseMs).toISOString(),
              },
        { claim: !renewing },
      )
      .catch(() => null);
    const mine = lease?.holder === me && Date.parse(lease.heldUntil ?? '') > now;
    const held = this.held.get(workspaceId);
    if (!mine) {
      if (held) this.stop(workspaceId);
      return;
    }
    if (held) {
      // Now and then the queue is read again from the database, and the old log pruned.
      if (now - held.reviewedAt >= REVIEW_MS) {
        held.reviewedAt = now;
        await held.hooks.loadPending();
        await held.hooks.prune();
      }
      return;
    }
    const runner = new WorkspaceWebhooks(workspaceId, workspace.dbName, workspace.slug, {
      ...this.deps,
      now: () => this.now(),
    });
    await runner.refreshHooks();
    await runner.loadPending();
    const abort = new AbortController();
    const entry: Held = {
      hooks: runner,
      abort,
      since: lease.since,
      running: Promise.resolve(),
      reviewedAt: now,
    };
    entry.running = this.follow(workspaceId, entry);
    this.held.set(workspaceId, entry);
  }

  /** Read the workspace's changes batch after batch while this instance holds it. */
  private async follow(workspaceId: string, entry: Held): Promise<void> {
    while (!entry.abort.signal.aborted) {
      try {
        await entry.hooks.refreshHooks();
        const next = await entry.hooks.readBatch(
          entry.since,
          this.timing.waitMs,
          entry.abort.signal,
        );
        if (next !== null && next !== entry.since) {
          await this.saveSince(workspaceId, next);
          entry.since = next;
        }
      } catch (err) {
        if (entry.abort.signal.aborted) return;
        // Another worker writing the batch's deliveries is not a failure: read it again soon.
        if (!(err instanceof DeliveriesInFlight))
          this.deps.log.warn(
            { err, workspaceId },
            'reading changes for webhooks failed; will retry',
          );
        await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      }
    }
  }

  /** Save how far deliveries are made, while the lease is still this instance's. */
  private async saveSince(workspaceId: string, since: string): Promise<void> {
    const me = this.deps.instanceId;
    const saved = await this.deps.store.update<FeedLeaseDoc>(leaseDocId(workspaceId), (current) =>
      current?.holder === me ? { ...current, since } : null,
    );
    if (saved?.holder !== me) this.stop(workspaceId);
  }

  private stop(workspaceId: string): void {
    const held = this.held.get(workspaceId);
    if (!held) return;
    held.abort.abort();
    void held.hooks.stop();
    this.held.delete(workspaceId);
  }

  private async release(workspaceId: string): Promise<void> {
    const held = this.held.get(workspaceId);
    if (!held) return;
    this.stop(workspaceId);
    await held.running.catch(() => undefined);
    await held.hooks.stop();
    const me = this.deps.instanceId;
    await this.deps.store
      .update<FeedLeaseDoc>(leaseDocId(workspaceId), (current) =>
        current?.holder === me ? { ...current, holder: null, heldUntil: null } : null,
      )
      .catch(() => undefined);
  }
}

/**
 * Where deliveries start for a workspace's first webhook: its changes from now. Without it the
 * first holder would start from whatever the feed holds when it gets there, seconds later.
 */
export async function startFeedLease(
  couch: CouchClient,
  store: AppStore,
  workspaceId: string,
  dbName: string,
  /** Start from now even if an earlier webhook's deliveries reached further (or not as far). */
  restart = false,
): Promise<void> {
  const existing = await store.get<FeedLeaseDoc>(leaseDocId(workspaceId));
  if (existing?.since && !restart) return;
  const info = await couch.json<{ update_seq: unknown }>('GET', CouchClient.dbPath(dbName, '/'));
  const since =
    typeof info.update_seq === 'string' ? info.update_seq : JSON.stringify(info.update_seq);
  await store.update<FeedLeaseDoc>(leaseDocId(workspaceId), (current) =>
    current?.since && !restart
      ? null
      : {
          _id: leaseDocId(workspaceId),
          type: 'webhookfeed',
          workspaceId,
          since,
          holder: current?.holder ?? null,
          heldUntil: current?.heldUntil ?? null,
        },
  );
}
