import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature.ts';

const SECRET = 'whsec_test';
const AT = new Date('2026-11-28T10:00:00Z');
const BODY = '{"event":"issue.created","data":{"key":"ENG-1"}}';

describe('webhook signatures', () => {
  it('sign the timestamp and the body as sent, in Stripe’s form', () => {
    const header = signPayload(SECRET, BODY, AT);
    const t = AT.getTime() / 1000;
    const hmac = createHmac('sha256', SECRET).update(`${t}.${BODY}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hmac}`);
    expect(verifySignature(SECRET, BODY, header, AT)).toBe(true);
  });

  it('fail for another secret, a changed body, a forged or replayed header', () => {
    const header = signPayload(SECRET, BODY, AT);
    expect(verifySignature('other', BODY, header, AT)).toBe(false);
    expect(verifySignature(SECRET, `${BODY} `, header, AT)).toBe(false);
    expect(verifySignature(SECRET, BODY, header.replace(/v1=./, 'v1=0'), AT)).toBe(false);
    expect(verifySignature(SECRET, BODY, 'v1=abc', AT)).toBe(false);
    expect(verifySignature(SECRET, BODY, '', AT)).toBe(false);
    // The same delivery sent again ten minutes later.
    expect(verifySignature(SECRET, BODY, header, new Date(AT.getTime() + 600_000))).toBe(false);
    // A timestamp moved forward without re-signing.
    const moved = header.replace(/t=\d+/, `t=${AT.getTime() / 1000 + 60}`);
    expect(verifySignature(SECRET, BODY, moved, AT)).toBe(false);
  });
});
