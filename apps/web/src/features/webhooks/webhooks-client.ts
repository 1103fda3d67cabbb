import {
  createdWebhookSchema,
  deliveryListSchema,
  deliverySummarySchema,
  webhookListSchema,
  webhookSummarySchema,
  type CreatedWebhook,
  type CreateWebhookBody,
  type DeliverySummary,
  type UpdateWebhookBody,
  type WebhookEvent,
  type WebhookSummary,
} from '@keel/domain';
import { call, NO_CONTENT, type Outcome } from '../../shared/lib/api-call.ts';

/** A workspace's webhooks (SPEC §11), each answer parsed with the domain's schema. */
const base = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/webhooks`;
const one = (slug: string, id: string) => `${base(slug)}/${encodeURIComponent(id)}`;

export async function listWebhooks(slug: string): Promise<Outcome<WebhookSummary[]>> {
  const r = await call(base(slug), webhookListSchema);
  return r.ok ? { ok: true, value: r.value.webhooks } : r;
}

export function getWebhook(slug: string, id: string): Promise<Outcome<WebhookSummary>> {
  return call(one(slug, id), webhookSummarySchema);
}

export function createWebhook(
  slug: string,
  body: CreateWebhookBody,
): Promise<Outcome<CreatedWebhook>> {
  return call(base(slug), createdWebhookSchema, { method: 'POST', body });
}

export function updateWebhook(
  slug: string,
  id: string,
  body: UpdateWebhookBody,
): Promise<Outcome<WebhookSummary>> {
  return call(one(slug, id), webhookSummarySchema, { method: 'PATCH', body });
}

export function deleteWebhook(slug: string, id: string): Promise<Outcome<undefined>> {
  return call(one(slug, id), NO_CONTENT, { method: 'DELETE' });
}

export function rollSecret(slug: string, id: string): Promise<Outcome<CreatedWebhook>> {
  return call(`${one(slug, id)}/secret`, createdWebhookSchema, { method: 'POST' });
}

export async function listDeliveries(
  slug: string,
  id: string,
): Promise<Outcome<DeliverySummary[]>> {
  const r = await call(`${one(slug, id)}/deliveries`, deliveryListSchema);
  return r.ok ? { ok: true, value: r.value.deliveries } : r;
}

export function redeliver(
  slug: string,
  id: string,
  deliveryId: string,
): Promise<Outcome<DeliverySummary>> {
  return call(
    `${one(slug, id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    deliverySummarySchema,
    { method: 'POST' },
  );
}

/** "issue.created" as a person reads it: "Issue created". */
export function eventName(event: WebhookEvent): string {
  const [thing = '', action = ''] = event.split('.');
  return `${thing.charAt(0).toUpperCase()}${thing.slice(1)} ${action}`;
}
