import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing a webhook delivery (SPEC §11), as Stripe signs its events: the header
 * `Keel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's
 * secret. The timestamp inside the signed text lets a receiver refuse a replayed delivery
 * (`verifySignature`'s tolerance), and the body is signed exactly as sent.
 */
export const SIGNATURE_HEADER = 'keel-signature';
/** How old a delivery may be before a receiver should refuse it (Stripe's default). */
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * What a receiver does with the header (docs/api.md shows it in a few lines of any language):
 * true when one `v1` matches and the timestamp is within the tolerance of `now`.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  now: Date,
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'),
    'utf8',
  );
  return parts.some(([k, v]) => {
    if (k !== 'v1' || v === undefined) return false;
    const given = Buffer.from(v, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
