import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  apiTokenExpiryError,
  apiTokenLive,
  LIMITS,
  type ApiTokenScope,
  type ApiTokenSummary,
  type CreateApiTokenBody,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import { sha256, type AppStore, type IdSetRef, type UserDoc } from '../db/app-store.ts';
import type { CouchDoc } from '../db/couch-client.ts';
import { randomId } from '../db/random-id.ts';

/**
 * `apitoken:<sha256 of the token>` in the app database (SPEC §11): a request's token is one
 * document GET away, and the token itself is never stored. `id` is what its owner sees and
 * revokes it by.
 */
export interface ApiTokenDoc extends CouchDoc {
  type: 'apitoken';
  id: string;
  userId: string;
  name: string;
  scope: ApiTokenScope;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A request made with a token: who it acts as, and what it may do. */
export interface TokenUse {
  token: ApiTokenDoc;
  user: UserDoc;
}

// Last use is a write; once a minute per token is enough to say "used 3 minutes ago".
const TOUCH_EVERY_MS = 60_000;

const tokenDocId = (hash: string) => `apitoken:${hash}`;

export function tokenSummary(doc: ApiTokenDoc): ApiTokenSummary {
  return {
    id: doc.id,
    name: doc.name,
    scope: doc.scope,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    lastUsedAt: doc.lastUsedAt,
  };
}

/** Personal API tokens: made and revoked by their owner's session, used by scripts. */
export class ApiTokenStore {
  constructor(
    private readonly store: AppStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** A person's tokens, newest first, revoked ones left out (they are kept, refused). */
  async list(userId: string): Promise<ApiTokenDoc[]> {
    // Read without making the set: looking at an empty list writes nothing.
    const hashes = await this.store.peekIdSet(this.setOf(userId).id);
    const docs = await this.store.byIds<ApiTokenDoc>(hashes.map(tokenDocId));
    return docs
      .filter((d) => d.type === 'apitoken' && d.userId === userId && !d.revokedAt)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async create(
    userId: string,
    body: CreateApiTokenBody,
  ): Promise<{ token: string; doc: ApiTokenDoc }> {
    const now = this.now();
    const expiryError = apiTokenExpiryError(body.expiresAt, now);
    if (expiryError)
      throw new AppError('VALIDATION_FAILED', {
        errors: [{ path: 'expiresAt', message: expiryError }],
      });
    const live = (await this.list(userId)).filter((t) => apiTokenLive(t, now));
    if (live.length >= LIMITS.apiTokensPerPerson)
      throw new AppError('VALIDATION_FAILED', {
        errors: [
          {
            path: 'name',
            message: `You have ${LIMITS.apiTokensPerPerson} tokens, the most a person can have. Revoke one first.`,
          },
        ],
      });
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const hash = sha256(token);
    const doc: ApiTokenDoc = {
      _id: tokenDocId(hash),
      type: 'apitoken',
      id: randomId(),
      userId,
      name: body.name,
      scope: body.scope,
      createdAt: new Date(now).toISOString(),
      expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    };
    // Listed first, then made: a token never exists that its owner cannot see and revoke.
    await this.store.changeIdSet(this.setOf(userId), [hash]);
    await this.store.put(doc);
    return { token, doc };
  }

  /** False when the person has no such token (or it was revoked already). */
  async revoke(userId: string, id: string): Promise<boolean> {
    const found = (await this.list(userId)).find((t) => t.id === id);
    if (!found) return false;
    await this.store.update<ApiTokenDoc>(found._id, (current) =>
      current && !current.revokedAt
        ? { ...current, revokedAt: new Date(this.now()).toISOString() }
        : null,
    );
    return true;
  }

  /**
   * The token a request carries and the person it acts as; TOKEN_INVALID when it is malformed,
   * unknown, revoked or expired, or its person is gone.
   */
  async authenticate(token: string): Promise<TokenUse> {
    if (!API_TOKEN_PATTERN.test(token)) throw new AppError('TOKEN_INVALID');
    const doc = await this.store.get<ApiTokenDoc>(tokenDocId(sha256(token)));
    const now = this.now();
    if (!doc || doc.type !== 'apitoken' || !apiTokenLive(doc, now))
      throw new AppError('TOKEN_INVALID');
    const user = await this.store.getUser(doc.userId);
    if (!user) throw new AppError('TOKEN_INVALID');
    if (!doc.lastUsedAt || now - Date.parse(doc.lastUsedAt) > TOUCH_EVERY_MS)
      this.store
        .update<ApiTokenDoc>(doc._id, (current) =>
          current ? { ...current, lastUsedAt: new Date(now).toISOString() } : null,
        )
        .catch(() => undefined);
    return { token: doc, user };
  }

  private setOf(userId: string): IdSetRef {
    return { id: `apitokens:${userId}`, legacy: async () => [] };
  }
}
