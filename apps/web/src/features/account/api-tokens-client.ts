import {
  apiTokenListSchema,
  createdApiTokenSchema,
  type ApiTokenSummary,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@keel/domain';
import { call, NO_CONTENT, type Outcome } from '../../shared/lib/api-call.ts';

/** The person's API tokens (SPEC §11), each answer parsed with the domain's schema. */
export async function listTokens(): Promise<Outcome<ApiTokenSummary[]>> {
  const r = await call('/api/tokens', apiTokenListSchema);
  return r.ok ? { ok: true, value: r.value.tokens } : r;
}

export function createToken(body: CreateApiTokenBody): Promise<Outcome<CreatedApiToken>> {
  return call('/api/tokens', createdApiTokenSchema, { method: 'POST', body });
}

export function revokeToken(id: string): Promise<Outcome<undefined>> {
  return call(`/api/tokens/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
}

const DAY = 24 * 60 * 60 * 1000;

/** The lifetimes offered, as GitHub offers them; the server holds a token to a year at most. */
export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiration' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

export function expiryDate(choice: ExpiryChoice, now: number): string | null {
  return choice === 'never' ? null : new Date(now + Number(choice) * DAY).toISOString();
}
