import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** SPEC §11: what a personal API token may do. */
export const apiTokenScopeSchema = z.enum(['read', 'write']);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Every token starts so, as GitHub's `ghp_`: a secret scanner (and a person) can tell one. */
export const API_TOKEN_PREFIX = 'keel_';

/** `keel_` and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^keel_[A-Za-z0-9_-]{43}$/;

/** `POST /api/tokens`. */
export const createApiTokenBody = z.strictObject({
  name: z
    .string('Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name must be 80 characters or fewer'),
  scope: apiTokenScopeSchema,
  /** When it stops working; null for never (SPEC §11 allows at most a year). */
  expiresAt: z.iso.datetime({ offset: true, message: 'Enter a date' }).nullable(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

/** A token as its owner sees it listed: never the token itself. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenSummary = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** The answer to a creation: the one time the token itself is shown. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** Why an expiry cannot be chosen, or null: in the future, and at most a year away. */
export function apiTokenExpiryError(expiresAt: string | null, now: number): string | null {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at)) return 'Enter a date';
  if (at <= now) return 'Choose a date in the future';
  if (at - now > LIMITS.apiTokenMaxLifetimeMs) return 'A token can last at most a year';
  return null;
}

/** Whether a token still works at `now`. */
export function apiTokenLive(
  token: { expiresAt: string | null; revokedAt?: string | null },
  now: number,
): boolean {
  if (token.revokedAt) return false;
  return token.expiresAt === null || Date.parse(token.expiresAt) > now;
}
