import { LIMITS, retryDelayMs } from '@keel/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import { randomId } from '../db/random-id.ts';
import { signPayload, SIGNATURE_HEADER } from './signature.ts';
import type { TargetPolicy, Lookup } from './target-url.ts';
import { sendDelivery, type AttemptOutcome } from './webhook-sender.ts';
import {
  deliverySummary,
  type DeliveryDoc,
  type WebhookDoc,
  type WebhookStore,
} from './webhook-store.ts';

export interface AttemptOptions {
  /** This instance, as a delivery's `claimedBy` names it. */
  instanceId: string;
  policy: TargetPolicy;
  lookup?: Lookup;
  now?: () => number;
  /** An endpoint was turned off for failing 24 hours: its admins are told. */
  onDisabled?: (hook: WebhookDoc) => Promise<void>;
}

/** How long one instance's claim on a delivery lasts: past a send's 10 s, with room. */
const CLAIM_MS = 60_000;

export type AttemptResult = 'delivered' | 'failed' | 'skipped' | 'done';

/**
 * One attempt at a delivery, by whichever instance claims it (SPEC §11: a delivery is claimed
 * by one instance at a time). The claim is written before the request and read back once
 * settled, so two instances never send one attempt; the outcome is written with the claim let
 * go. A failed attempt is tried again after `retryDelayMs`, for 24 hours from the event; the
 * endpoint's own health (`failingSince`) turns it off once it has failed for 24 hours.
 */
export class DeliveryAttempts {
  private readonly now: () => number;

  constructor(
    private readonly store: AppStore,
    private readonly hooks: WebhookStore,
    private readonly log: FastifyBaseLogger,
    private readonly options: AttemptOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Attempt the delivery `docId` if it is due and nobody else is at it: `done` when it needs no
   * more attempts (delivered, given up, its webhook gone), `skipped` when it is not this
   * instance's to make now.
   */
  async attempt(
    docId: string,
    options: { manual?: boolean; retry?: boolean } = {},
  ): Promise<AttemptResult> {
    const doc = await this.store.get<DeliveryDoc>(docId);
    if (!doc || doc.type !== 'delivery' || doc.status === 'delivered' || doc.status === 'failed')
      return 'done';
    // Read now, not as the queue last saw it: a webhook turned off, pointed elsewhere or given
    // a new secret a moment ago is taken as it is.
    const hook = await this.hooks.get(doc.workspaceId, doc.webhookId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    });
    if (!hook) return 'done';
    // A webhook turned off keeps its pending deliveries; turned back on, they go. An admin's
    // Redeliver sends even so.
    if (!hook.active && !options.manual) return 'skipped';
    const now = this.now();
    if (doc.nextAttemptAt && Date.parse(doc.nextAttemptAt) > now) return 'skipped';
    const token = await this.claim(docId);
    if (!token) return 'skipped';

    let outcome: AttemptOutcome;
    try {
      const secret = this.hooks.secretOf(hook);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Keel-Webhooks/1.0',
        'keel-event': doc.event,
        'keel-delivery': deliverySummary(doc).id,
        'keel-webhook-id': hook.id,
        [SIGNATURE_HEADER]: signPayload(secret, doc.body, new Date(this.now())),
      };
      outcome = await sendDelivery(
        hook.url,
        doc.body,
        headers,
        this.options.policy,
        this.options.lookup,
      );
    } catch (err) {
      this.log.warn({ err, webhook: hook.id }, 'a webhook delivery could not be made');
      outcome = {
        ok: false,
        status: null,
        durationMs: 0,
        error: err instanceof Error ? err.message : String(err),
        responseBody: null,
      };
    }
    await this.record(docId, token, outcome, options.retry ?? true);
    await this.noteHealth(hook, outcome.ok);
    return outcome.ok ? 'delivered' : 'failed';
  }

  /**
   * Send a delivery again now (an admin's **Redeliver**): the same body, newly signed, even to
   * a webhook turned off. Once: a redelivery that fails is not retried, unless the delivery was
   * still being retried anyway (then it goes on as before).
   */
  async redeliver(docId: string): Promise<DeliveryDoc | null> {
    let retry = false;
    await this.store.update<DeliveryDoc>(docId, (current) => {
      if (!current) return null;
      retry = current.status === 'pending' || current.status === 'retrying';
      return { ...current, status: 'pending', nextAttemptAt: null };
    });
    await this.attempt(docId, { manual: true, retry });
    return this.store.get<DeliveryDoc>(docId);
  }

  /**
   * Take the delivery for this attempt, unless an attempt (here or elsewhere) holds it: true once
   * it is ours. Each claim is its own (instance and a random part), so even two attempts of one
   * instance (a redelivery beside a retry) never send it twice.
   */
  private async claim(docId: string): Promise<string | null> {
    const token = `${this.options.instanceId}/${randomId()}`;
    const now = this.now();
    try {
      const claimed = await this.store.update<DeliveryDoc>(
        docId,
        (current) => {
          if (!current || current.status === 'delivered' || current.status === 'failed')
            return null;
          if (current.claimedUntil && Date.parse(current.claimedUntil) > now) return null;
          return {
            ...current,
            claimedBy: token,
            claimedUntil: new Date(now + CLAIM_MS).toISOString(),
          };
        },
        { claim: true },
      );
      return claimed?.claimedBy === token ? token : null;
    } catch {
      return null;
    }
  }

  /**
   * The attempt's outcome, written only while the attempt still holds its claim: one that ran
   * past it (a receiver slow to answer) may have been made again by another instance, whose
   * record stands.
   */
  private async record(
    docId: string,
    token: string,
    outcome: AttemptOutcome,
    retry: boolean,
  ): Promise<void> {
    const now = this.now();
    await this.store.update<DeliveryDoc>(docId, (current) => {
      if (!current || current.claimedBy !== token) return null;
      const attempts = current.attempts + 1;
      const next = now + retryDelayMs(attempts);
      const givenUp = !retry || next - Date.parse(current.createdAt) > LIMITS.webhookRetryMs;
      return {
        ...current,
        attempts,
        status: outcome.ok ? 'delivered' : givenUp ? 'failed' : 'retrying',
        lastAttemptAt: new Date(now).toISOString(),
        nextAttemptAt: outcome.ok || givenUp ? null : new Date(next).toISOString(),
        responseStatus: outcome.status,
        durationMs: outcome.durationMs,
        error: outcome.error,
        responseBody: outcome.responseBody,
        claimedBy: null,
        claimedUntil: null,
      };
    });
  }

  /**
   * An endpoint that answers is well again; one that has failed every attempt for 24 hours is
   * turned off, once, and its admins told.
   */
  private async noteHealth(hook: WebhookDoc, ok: boolean): Promise<void> {
    if (ok && !hook.failingSince) return;
    const now = this.now();
    let disabledNow = false;
    const updated = await this.store.update<WebhookDoc>(hook._id, (current) => {
      disabledNow = false;
      if (!current) return null;
      if (ok) return current.failingSince ? { ...current, failingSince: null } : null;
      if (!current.failingSince) return { ...current, failingSince: new Date(now).toISOString() };
      if (!current.active || now - Date.parse(current.failingSince) < LIMITS.webhookRetryMs)
        return null;
      disabledNow = true;
      return { ...current, active: false, disabledAt: new Date(now).toISOString() };
    });
    if (disabledNow && updated) {
      // The host only: a receiver's URL may carry a token of its own.
      this.log.warn(
        { webhook: hook.id, host: new URL(hook.url).host },
        'webhook turned off after 24 hours failing',
      );
      await this.options
        .onDisabled?.(updated)
        .catch((err: unknown) =>
          this.log.warn({ err, webhook: hook.id }, 'telling admins of a webhook turned off failed'),
        );
    }
  }
}
