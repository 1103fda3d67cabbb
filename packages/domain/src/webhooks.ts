import { z } from 'zod';

/**
 * SPEC §11: what a workspace's webhooks can be told. Issues' events come from their activity
 * (one per field a change touched, with what it was and what it became), the rest from the
 * documents themselves.
 */
export const WEBHOOK_EVENTS = [
  'issue.created',
  'issue.updated',
  'issue.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'cycle.created',
  'cycle.updated',
  'cycle.completed',
  'milestone.created',
  'milestone.updated',
  'milestone.deleted',
  'relation.created',
  'relation.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** The events grouped as the settings page offers them. */
export const WEBHOOK_EVENT_GROUPS: readonly { label: string; events: readonly WebhookEvent[] }[] = [
  { label: 'Issues', events: ['issue.created', 'issue.updated', 'issue.deleted'] },
  { label: 'Comments', events: ['comment.created', 'comment.updated', 'comment.deleted'] },
  { label: 'Projects', events: ['project.created', 'project.updated', 'project.deleted'] },
  { label: 'Cycles', events: ['cycle.created', 'cycle.updated', 'cycle.completed'] },
  {
    label: 'Milestones',
    events: ['milestone.created', 'milestone.updated', 'milestone.deleted'],
  },
  { label: 'Relations', events: ['relation.created', 'relation.deleted'] },
];

/** Every signing secret starts so, as Stripe's `whsec_`: a secret scanner can tell one. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const labelSchema = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be 80 characters or fewer');
const urlSchema = z
  .string('Enter a full URL, starting with https://')
  .trim()
  .min(1, 'Enter a full URL, starting with https://')
  .max(2_000, 'The URL must be 2,000 characters or fewer');
const eventsSchema = z
  .array(webhookEventSchema, 'Choose at least one event')
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

/** `POST /api/workspaces/:ws/webhooks`. */
export const createWebhookBody = z.strictObject({
  label: labelSchema,
  url: urlSchema,
  events: eventsSchema,
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** `PATCH /api/workspaces/:ws/webhooks/:id`: `active: true` turns a disabled one back on. */
export const updateWebhookBody = z
  .strictObject({
    label: labelSchema.optional(),
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const deliveryStatusSchema = z.enum(['pending', 'delivered', 'retrying', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** A webhook as admins see it listed: never its secret. */
export const webhookSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  active: z.boolean(),
  /** Since when every delivery has failed; null while it works. */
  failingSince: z.string().nullable(),
  /** Set when it was turned off for failing 24 hours (SPEC §11); null otherwise. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type WebhookSummary = z.infer<typeof webhookSummarySchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSummarySchema) });

/** The answer to a creation (and to rolling the secret): the one time the secret is shown. */
export const createdWebhookSchema = z.object({
  secret: z.string(),
  webhook: webhookSummarySchema,
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const deliverySummarySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  event: webhookEventSchema,
  status: deliveryStatusSchema,
  /** Attempts made so far (a redelivery adds to them). */
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status, or null when there was none (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  /** Why the last attempt failed, in words, when it had no HTTP status to say so. */
  error: z.string().nullable(),
  requestBody: z.string(),
  responseBody: z.string().nullable(),
});
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

export const deliveryListSchema = z.object({ deliveries: z.array(deliverySummarySchema) });

/**
 * How long after attempt `attempt` (1 for the first) the next one is made: doubling from 30
 * seconds to at most 4 hours, so a receiver down for a minute gets its events within minutes,
 * and one down all day is tried about 15 times in the 24 hours a delivery is retried.
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 4 * 60 * 60 * 1000);
}
