import { randomBytes } from 'node:crypto';
import {
  LIMITS,
  WEBHOOK_SECRET_PREFIX,
  type DeliveryStatus,
  type DeliverySummary,
  type WebhookEvent,
  type WebhookSummary,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore, IdSetRef } from '../db/app-store.ts';
import type { CouchDoc } from '../db/couch-client.ts';
import { randomId } from '../db/random-id.ts';
import type { SealedSecret, SecretBox } from './secret-box.ts';
import { checkTargetUrl, type TargetPolicy } from './target-url.ts';
import { resolveWebhookNotice } from './webhook-notices.ts';

/** `webhook:<workspaceId>:<id>` in the app database (SPEC §11). */
export interface WebhookDoc extends CouchDoc {
  type: 'webhook';
  id: string;
  workspaceId: string;
  label: string;
  url: string;
  events: WebhookEvent[];
  secret: SealedSecret;
  createdBy: string;
  createdAt: string;
  active: boolean;
  failingSince: string | null;
  disabledAt: string | null;
}

/**
 * `delivery:<webhookId>:<created, ms, 13 digits>:<eventId>`: one event for one endpoint, its
 * attempts and what the last one came to. Ids sort by time, so a webhook's recent deliveries
 * are one range read, newest first. Which instance is sending it is `claimedBy` until
 * `claimedUntil`.
 */
export interface DeliveryDoc extends CouchDoc {
  type: 'delivery';
  webhookId: string;
  workspaceId: string;
  eventId: string;
  event: WebhookEvent;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  responseBody: string | null;
  claimedBy: string | null;
  claimedUntil: string | null;
}

/**
 * `whclaim:<webhookId>:<eventId>`: the one claim that an event is delivered to an endpoint,
 * created before its delivery record, whichever instance reads the change first.
 */
export interface DeliveryClaimDoc extends CouchDoc {
  type: 'whclaim';
  deliveryId: string;
  createdAt: string;
}

export const webhookDocId = (workspaceId: string, id: string) => `webhook:${workspaceId}:${id}`;
export const claimDocId = (webhookId: string, eventId: string) => `whclaim:${webhookId}:${eventId}`;
export const deliveryDocId = (webhookId: string, createdMs: number, eventId: string) =>
  `delivery:${webhookId}:${String(createdMs).padStart(13, '0')}:${eventId}`;
/** The ids of a webhook's deliveries made at or after `fromMs`. */
export const deliveryRange = (webhookId: string, fromMs = 0) => ({
  startkey: `delivery:${webhookId}:${String(fromMs).padStart(13, '0')}`,
  endkey: `delivery:${webhookId}:\ufff0`,
});

/** The workspaces that have webhooks: where each instance's dispatcher looks for work. */
export const WORKSPACES_WITH_WEBHOOKS = 'webhookworkspaces';

export function webhookSummary(doc: WebhookDoc): WebhookSummary {
  return {
    id: doc.id,
    label: doc.label,
    url: doc.url,
    events: doc.events,
    active: doc.active,
    failingSince: doc.failingSince,
    disabledAt: doc.disabledAt,
    createdAt: doc.createdAt,
    createdBy: doc.createdBy,
  };
}

export function deliverySummary(doc: DeliveryDoc): DeliverySummary {
  return {
    id: doc._id.split(':').slice(2).join(':'),
    eventId: doc.eventId,
    event: doc.event,
    status: doc.status,
    attempts: doc.attempts,
    createdAt: doc.createdAt,
    lastAttemptAt: doc.lastAttemptAt,
    nextAttemptAt: doc.nextAttemptAt,
    responseStatus: doc.responseStatus,
    durationMs: doc.durationMs,
    error: doc.error,
    requestBody: doc.body,
    responseBody: doc.responseBody,
  };
}

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A URL refused, as the field error the settings page shows under it. */
function urlError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [{ path: 'url', message }] });
}

/** A workspace's webhooks, made and changed by its admins (SPEC §11). */
export class WebhookStore {
  constructor(
    private readonly store: AppStore,
    private readonly box: SecretBox,
    private readonly policy: TargetPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** A workspace's webhooks, oldest first. */
  async list(workspaceId: string): Promise<WebhookDoc[]> {
    const ids = await this.store.peekIdSet(this.setOf(workspaceId).id);
    const docs = await this.store.byIds<WebhookDoc>(ids.map((id) => webhookDocId(workspaceId, id)));
    return docs
      .filter((d) => d.type === 'webhook' && d.workspaceId === workspaceId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(workspaceId: string, id: string): Promise<WebhookDoc> {
    const doc = /^[A-Za-z0-9_-]{1,40}$/.test(id)
      ? await this.store.get<WebhookDoc>(webhookDocId(workspaceId, id))
      : null;
    if (!doc || doc.type !== 'webhook' || doc.workspaceId !== workspaceId)
      throw new AppError('NOT_FOUND');
    return doc;
  }

  async create(
    workspaceId: string,
    userId: string,
    body: { label: string; url: string; events: WebhookEvent[] },
  ): Promise<{ secret: string; doc: WebhookDoc }> {
    const checked = checkTargetUrl(body.url, this.policy);
    if (!checked.ok) throw urlError(checked.message);
    const existing = await this.list(workspaceId);
    if (existing.length >= LIMITS.webhooksPerWorkspace)
      throw new AppError('VALIDATION_FAILED', {
        errors: [
          {
            path: 'url',
            message: `This workspace has ${LIMITS.webhooksPerWorkspace} webhooks, the most it can have. Delete one first.`,
          },
        ],
      });
    const secret = newSecret();
    const id = randomId();
    const doc: WebhookDoc = {
      _id: webhookDocId(workspaceId, id),
      type: 'webhook',
      id,
      workspaceId,
      label: body.label,
      url: checked.url.href,
      events: body.events,
      secret: this.box.seal(secret),
      createdBy: userId,
      createdAt: new Date(this.now()).toISOString(),
      active: true,
      failingSince: null,
      disabledAt: null,
    };
    // Listed first, then made: a webhook never exists that its admins cannot see and delete.
    await this.store.changeIdSet(this.setOf(workspaceId), [id]);
    await this.store.changeIdSet(workspacesSet, [workspaceId]);
    await this.store.put(doc);
    return { secret, doc };
  }

  async update(
    workspaceId: string,
    id: string,
    body: { label?: string; url?: string; events?: WebhookEvent[]; active?: boolean },
  ): Promise<WebhookDoc> {
    await this.get(workspaceId, id);
    let url: string | undefined;
    if (body.url !== undefined) {
      const checked = checkTargetUrl(body.url, this.policy);
      if (!checked.ok) throw urlError(checked.message);
      url = checked.url.href;
    }
    const updated = await this.store.update<WebhookDoc>(
      webhookDocId(workspaceId, id),
      (current) => {
        if (!current) return null;
        const next = { ...current };
        if (body.label !== undefined) next.label = body.label;
        if (url !== undefined) next.url = url;
        if (body.events !== undefined) next.events = body.events;
        if (body.active !== undefined) {
          next.active = body.active;
          // Turned back on, it starts afresh: the next failure starts a new 24 hours.
          if (body.active) {
            next.disabledAt = null;
            next.failingSince = null;
          }
        }
        return next;
      },
    );
    if (!updated) throw new AppError('NOT_FOUND');
    if (body.active) await resolveWebhookNotice(this.store, workspaceId, id);
    return updated;
  }

  /** A new signing secret, shown once; the old one stops signing at once. */
  async rollSecret(workspaceId: string, id: string): Promise<{ secret: string; doc: WebhookDoc }> {
    await this.get(workspaceId, id);
    const secret = newSecret();
    const doc = await this.store.update<WebhookDoc>(webhookDocId(workspaceId, id), (current) =>
      current ? { ...current, secret: this.box.seal(secret) } : null,
    );
    if (!doc) throw new AppError('NOT_FOUND');
    return { secret, doc };
  }

  /** Deleted with its deliveries' log; nothing more is sent to it. */
  async remove(workspaceId: string, id: string): Promise<void> {
    const doc = await this.get(workspaceId, id);
    await this.store.remove(doc._id);
    await this.store.changeIdSet(this.setOf(workspaceId), [], [id]);
    await resolveWebhookNotice(this.store, workspaceId, id);
    const rows = await this.store.couch.allDocs<DeliveryDoc>(this.store.db, {
      ...deliveryRange(id),
    });
    const claims = await this.store.couch.allDocs<DeliveryClaimDoc>(this.store.db, {
      startkey: `whclaim:${id}:`,
      endkey: `whclaim:${id}:\ufff0`,
    });
    const gone = [...rows, ...claims].map((r) => ({
      _id: r.id,
      _rev: (r.value as { rev: string }).rev,
      _deleted: true,
    }));
    if (gone.length) await this.store.couch.bulkDocs(this.store.db, gone);
  }

  /** A webhook's most recent deliveries, newest first. */
  async deliveries(webhookId: string, limit = 50): Promise<DeliveryDoc[]> {
    const range = deliveryRange(webhookId);
    const rows = await this.store.couch.allDocs<DeliveryDoc>(this.store.db, {
      startkey: range.endkey,
      endkey: range.startkey,
      descending: true,
      include_docs: true,
      limit,
    });
    return rows.flatMap((r) => (r.doc?.type === 'delivery' ? [r.doc] : []));
  }

  async delivery(webhookId: string, deliveryId: string): Promise<DeliveryDoc> {
    const doc = /^\d{13}:evt_[0-9a-f]{32}$/.test(deliveryId)
      ? await this.store.get<DeliveryDoc>(`delivery:${webhookId}:${deliveryId}`)
      : null;
    if (!doc || doc.type !== 'delivery') throw new AppError('NOT_FOUND');
    return doc;
  }

  secretOf(doc: WebhookDoc): string {
    return this.box.open(doc.secret);
  }

  private setOf(workspaceId: string): IdSetRef {
    return { id: `webhooks:${workspaceId}`, legacy: async () => [] };
  }
}

const workspacesSet: IdSetRef = { id: WORKSPACES_WITH_WEBHOOKS, legacy: async () => [] };

/** A workspace deleted: its dispatcher stops looking at it. */
export async function forgetWorkspaceWebhooks(store: AppStore, workspaceId: string) {
  await store.changeIdSet(workspacesSet, [], [workspaceId]);
}
