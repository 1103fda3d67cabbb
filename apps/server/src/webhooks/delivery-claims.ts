import type { AppStore } from '../db/app-store.ts';
import { randomId } from '../db/random-id.ts';
import type { ChangeEvent } from './webhook-events.ts';
import {
  claimDocId,
  deliveryDocId,
  type DeliveryClaimDoc,
  type DeliveryDoc,
  type WebhookDoc,
} from './webhook-store.ts';

/** A batch whose deliveries another worker is still writing: read it again in a moment. */
export class DeliveriesInFlight extends Error {}

/** How long after its claim a delivery must exist: its maker has stopped if it does not. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * Claim each (endpoint, event) pair; the pairs this instance now makes deliveries for. A claim
 * found already made names its delivery: if that was never written (its maker stopped between
 * the two writes), it is made now.
 */
export async function claimDeliveries(
  store: AppStore,
  wanted: { hook: WebhookDoc; event: ChangeEvent }[],
  now: number,
): Promise<{ hook: WebhookDoc; event: ChangeEvent; deliveryId: string }[]> {
  const { couch } = store;
  const ids = wanted.map(({ hook, event }) => claimDocId(hook.id, event.id));
  const existing = new Map(
    (await couch.docsById<DeliveryClaimDoc>(store.db, ids)).map((c) => [c._id, c]),
  );
  const fresh = wanted
    .map((w, i) => ({
      ...w,
      claimId: ids[i]!,
      deliveryId: deliveryDocId(w.hook.id, now, w.event.id),
    }))
    .filter((w) => !existing.has(w.claimId));
  const written = fresh.length
    ? await couch.bulkDocs(
        store.db,
        fresh.map((w) => ({
          _id: w.claimId,
          type: 'whclaim',
          deliveryId: w.deliveryId,
          createdAt: new Date(now).toISOString(),
          // Two instances' claims must differ to be told apart once settled (AppStore.create).
          nonce: randomId(),
        })),
      )
    : [];
  const ours = fresh.flatMap((w, i) => {
    const result = written[i];
    return result?.ok && result.rev ? [{ ...w, rev: result.rev }] : [];
  });
  const kept = await store.keepsAll(ours.map((w) => ({ id: w.claimId, rev: w.rev })));
  const made: { hook: WebhookDoc; event: ChangeEvent; deliveryId: string }[] = ours.filter(
    (_, i) => kept[i],
  );
  // Claims made before whose delivery is missing: their maker stopped between the two writes
  // (or failed the second), or is writing it this moment. A while after the claim it is
  // finished here; until then the batch is read again later (`since` is not saved past it),
  // so no event is ever left with a claim and no delivery.
  const claimed = [...existing.values()];
  if (claimed.length) {
    const deliveries = new Set(
      (
        await couch.docsById<DeliveryDoc>(
          store.db,
          claimed.map((c) => c.deliveryId),
        )
      ).map((d) => d._id),
    );
    const missing = claimed.filter((c) => !deliveries.has(c.deliveryId));
    const young = missing.filter(
      (c) => !(now - Date.parse(c.createdAt ?? '') > ABANDONED_AFTER_MS),
    );
    if (young.length)
      throw new DeliveriesInFlight(`${young.length} claimed deliveries not written yet`);
    for (const w of wanted) {
      const claim = existing.get(claimDocId(w.hook.id, w.event.id));
      if (claim && missing.includes(claim)) made.push({ ...w, deliveryId: claim.deliveryId });
    }
  }
  return made;
}
