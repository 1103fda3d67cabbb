import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@keel/domain';
import { CouchConflict, type CouchClient, type CouchDoc } from './couch-client.ts';
import { retryOnConflict } from './retry-on-conflict.ts';

/**
 * The app database (SPEC §3), read and written by the server only. Ids are chosen so every
 * lookup the server needs is a document GET or an `_all_docs` prefix range: no views, which keeps
 * the embedded database and a CouchDB cluster equally simple.
 */
export interface UserDoc extends CouchDoc {
  type: 'user';
  issuer: string;
  subject: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export interface WorkspaceRecord extends CouchDoc {
  type: 'workspace';
  slug: string;
  name: string;
  createdAt: string;
  createdBy: string;
  dbName: string;
  /** Set as the first step of deleting it: from then on it is gone for everyone. */
  deletingAt?: string;
}

export interface MembershipDoc extends CouchDoc {
  type: 'membership';
  workspaceId: string;
  userId: string;
  role: Role;
  joinedAt: string;
}

/** `invitation:<workspaceId>:<id>`; the token itself is never stored, only its SHA-256. */
export interface InvitationDoc extends CouchDoc {
  type: 'invitation';
  workspaceId: string;
  tokenHash: string;
  email: string | null;
  role: Exclude<Role, 'owner'>;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  acceptedBy: string | null;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** `invitetoken:<sha256 of token>` → the invitation, so a link is one GET away. */
export interface InviteTokenDoc extends CouchDoc {
  type: 'invitetoken';
  workspaceId: string;
  invitationId: string;
}

export interface SessionDoc extends CouchDoc {
  type: 'session';
  userId: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  userAgent: string;
}

export interface CounterDoc extends CouchDoc {
  type: 'counter';
  next: number;
}

/** A document revision this instance wrote. */
export interface Written {
  id: string;
  rev: string;
}

export type WriteListener = (written: readonly Written[]) => Promise<void> | void;

/** The user id inside a `user:<id>` document id. */
export const userIdOf = (user: UserDoc) => user._id.slice('user:'.length);

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** `identity:<sha256 of issuer and subject>` → the user they sign in as. */
export const identityDocId = (issuer: string, subject: string) =>
  `identity:${sha256(`${issuer}\n${subject}`)}`;
export const randomId = () => randomBytes(12).toString('base64url');
const now = () => new Date().toISOString();

// Enough for every workspace an instance serves at once; past it the hints start over.
const MAX_SLUG_IDS = 10_000;

export class AppStore {
  /**
   * Which workspace each slug named when last looked up. Every replication request names its
   * workspace by slug, and reading the claim first cost a round trip before the workspace and
   * membership could be read. Only a hint: the workspace record read with the membership must
   * still name the slug (workspaceAndMembership), so nothing stale is ever answered, and
   * instances need not agree.
   */
  private readonly slugIds = new Map<string, string>();

  readonly #written: WriteListener[] = [];

  constructor(
    readonly couch: CouchClient,
    readonly db: string,
  ) {}

  /**
   * Call `listener` after each write this instance makes through `put`, `update`, `remove` and
   * `deleteSessionsOf`; the write returns once every listener has settled (AccessCache drops its
   * copy, then waits for its changes feed to see the write). `create` needs none: nothing holds
   * a copy of a document that did not exist.
   */
  onWritten(listener: WriteListener): void {
    this.#written.push(listener);
  }

  async #wrote(written: readonly Written[]): Promise<void> {
    if (written.length === 0) return;
    await Promise.all(this.#written.map((listener) => listener(written)));
  }

  async init(): Promise<void> {
    await this.couch.createDb(this.db);
  }

  get<T extends CouchDoc>(id: string): Promise<T | null> {
    return this.couch.getDoc<T>(this.db, id);
  }

  async put(doc: CouchDoc): Promise<string> {
    const rev = await this.couch.putDoc(this.db, doc);
    await this.#wrote([{ id: doc._id, rev }]);
    return rev;
  }

  /** Create a document, or return false if one with that id exists (a uniqueness claim). */
  async create(doc: CouchDoc): Promise<boolean> {
    try {
      await this.couch.putDoc(this.db, doc);
      return true;
    } catch (err) {
      if (err instanceof CouchConflict) return false;
      throw err;
    }
  }

  /** Read-modify-write with retry on conflict, so several server instances can share a doc. */
  async update<T extends CouchDoc>(
    id: string,
    change: (current: T | null) => T | null,
  ): Promise<T | null> {
    return retryOnConflict(id, 20, async () => {
      const current = await this.get<T>(id);
      const next = change(current);
      if (!next) return current;
      const rev = await this.put({
        ...next,
        _id: id,
        ...(current?._rev ? { _rev: current._rev } : {}),
      });
      return { ...next, _rev: rev };
    });
  }

  /** Delete a document whatever its current revision (a concurrent update is retried). */
  async remove(id: string): Promise<void> {
    await retryOnConflict(id, 20, async () => {
      const current = await this.get(id);
      if (!current?._rev) return;
      const rev = await this.couch.deleteDoc(this.db, id, current._rev);
      await this.#wrote([{ id, rev }]);
    });
  }

  withPrefix<T>(prefix: string): Promise<T[]> {
    return this.couch.docsWithPrefix<T>(this.db, prefix);
  }

  // ── users ────────────────────────────────────────────────────────────────────────────────
  /** Users are unique by OpenID issuer + subject; email and name follow the provider. */
  async upsertUser(profile: {
    issuer: string;
    subject: string;
    email: string;
    name: string;
    avatarUrl: string | null;
  }): Promise<UserDoc> {
    const identityId = identityDocId(profile.issuer, profile.subject);
    const identity = await this.get<CouchDoc & { userId: string }>(identityId);
    let userId = identity?.userId;
    if (!userId) {
      userId = randomId();
      if (!(await this.create({ _id: identityId, type: 'identity', userId }))) {
        const again = await this.get<CouchDoc & { userId: string }>(identityId);
        userId = again!.userId;
      }
    }
    const user = await this.update<UserDoc>(`user:${userId}`, (current) => ({
      _id: `user:${userId}`,
      type: 'user',
      issuer: profile.issuer,
      subject: profile.subject,
      email: profile.email,
      name: profile.name || profile.email,
      avatarUrl: profile.avatarUrl,
      createdAt: current?.createdAt ?? now(),
      lastSeenAt: now(),
    }));
    return user!;
  }

  getUser(userId: string) {
    return this.get<UserDoc>(`user:${userId}`);
  }

  // ── sessions ─────────────────────────────────────────────────────────────────────────────
  // The cookie holds `<userId>.<secret>`; only the secret's hash is stored, under an id that
  // starts with the user id so "sign out everywhere" is one prefix range.
  sessionDocId(userId: string, secret: string) {
    return `session:${userId}:${sha256(secret)}`;
  }

  async createSession(userId: string, userAgent: string, lifetimeMs: number): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    const created = new Date();
    await this.put({
      _id: this.sessionDocId(userId, secret),
      type: 'session',
      userId,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + lifetimeMs).toISOString(),
      lastUsedAt: created.toISOString(),
      userAgent: userAgent.slice(0, 300),
    } satisfies SessionDoc);
    return `${userId}.${secret}`;
  }

  async deleteSessionsOf(userId: string): Promise<number> {
    const sessions = await this.withPrefix<SessionDoc>(`session:${userId}:`);
    if (sessions.length === 0) return 0;
    const results = await this.couch.bulkDocs(
      this.db,
      sessions.map((s) => ({ _id: s._id, _rev: s._rev, _deleted: true })),
    );
    await this.#wrote(results.flatMap((r) => (r.rev ? [{ id: r.id, rev: r.rev }] : [])));
    return sessions.length;
  }

  // ── workspaces and memberships ───────────────────────────────────────────────────────────
  async workspaceBySlug(slug: string): Promise<WorkspaceRecord | null> {
    const claim = await this.get<CouchDoc & { workspaceId: string }>(`slug:${slug}`);
    return claim ? this.workspace(claim.workspaceId) : null;
  }

  /** A workspace by its id; null when there is none or it is being deleted. */
  async workspace(workspaceId: string): Promise<WorkspaceRecord | null> {
    const record = await this.get<WorkspaceRecord>(`workspace:${workspaceId}`);
    return record && !record.deletingAt ? record : null;
  }

  /** Workspaces whose deletion was started and not finished (the server stopped part-way). */
  async workspacesBeingDeleted(): Promise<WorkspaceRecord[]> {
    const records = await this.withPrefix<WorkspaceRecord>('workspace:');
    return records.filter((w) => w.deletingAt);
  }

  /**
   * A workspace by its slug and this user's membership of it (null if none), the two read at
   * once: every replication request asks, and each read is a round trip to the database.
   */
  async workspaceAndMembership(
    slug: string,
    userId: string,
  ): Promise<{ workspace: WorkspaceRecord | null; membership: MembershipDoc | null }> {
    const read = async (workspaceId: string) => {
      const [workspace, membership] = await Promise.all([
        this.workspace(workspaceId),
        this.membership(userId, workspaceId),
      ]);
      // The record names its own slug: a workspace deleted, whose slug another one took since,
      // does not answer for it.
      return workspace?.slug === slug ? { workspace, membership } : null;
    };
    const known = this.slugIds.get(slug);
    if (known !== undefined) {
      const found = await read(known);
      if (found) return found;
      this.slugIds.delete(slug);
    }
    const claim = await this.get<CouchDoc & { workspaceId: string }>(`slug:${slug}`);
    if (!claim) return { workspace: null, membership: null };
    const found = await read(claim.workspaceId);
    if (!found) return { workspace: null, membership: null };
    if (this.slugIds.size >= MAX_SLUG_IDS) this.slugIds.clear();
    this.slugIds.set(slug, claim.workspaceId);
    return found;
  }

  membership(userId: string, workspaceId: string) {
    return this.get<MembershipDoc>(`membership:${userId}:${workspaceId}`);
  }

  membershipsOf(userId: string) {
    return this.withPrefix<MembershipDoc>(`membership:${userId}:`);
  }

  /**
   * A block for one device's request, the same block if the request is repeated (the browser
   * resends its request id when the answer was lost, e.g. the page reloaded mid-request), so a
   * reload never skips twenty numbers.
   */
  async reserveNumbersOnce(
    workspaceId: string,
    projectId: string,
    userId: string,
    requestId: string,
    count: number,
  ): Promise<{ start: number; end: number }> {
    const id = `numreq:${workspaceId}:${projectId}:${userId}:${requestId}`;
    const earlier = await this.get<CouchDoc & { start: number; end: number }>(id);
    if (earlier) return { start: earlier.start, end: earlier.end };
    const block = await this.reserveNumbers(workspaceId, projectId, count);
    if (await this.create({ _id: id, type: 'numreq', ...block })) return block;
    const winner = await this.get<CouchDoc & { start: number; end: number }>(id);
    return winner ? { start: winner.start, end: winner.end } : block;
  }

  /** Every block of a project's issue numbers handed out to `userId` (by reserveNumbersOnce). */
  async reservedBlocks(
    workspaceId: string,
    projectId: string,
    userId: string,
  ): Promise<{ start: number; end: number }[]> {
    const records = await this.withPrefix<CouchDoc & { start: number; end: number }>(
      `numreq:${workspaceId}:${projectId}:${userId}:`,
    );
    return records.map((r) => ({ start: r.start, end: r.end }));
  }

  /** The next block of issue numbers of a project; safe with several server instances. */
  async reserveNumbers(
    workspaceId: string,
    projectId: string,
    count: number,
  ): Promise<{ start: number; end: number }> {
    let start = 1;
    await this.update<CounterDoc>(`counter:${workspaceId}:${projectId}`, (current) => {
      start = current?.next ?? 1;
      return { _id: `counter:${workspaceId}:${projectId}`, type: 'counter', next: start + count };
    });
    return { start, end: start + count - 1 };
  }
}
