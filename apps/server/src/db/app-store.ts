// Over 300 lines: one class over the app database, its sections (users, sessions, workspaces,
// memberships) sharing the claim and update primitives; issue numbers are in issue-numbers.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@keel/domain';
import { AppError } from '../app-error.ts';
import { CouchConflict, type CouchClient, type CouchDoc } from './couch-client.ts';
import { IssueNumbers } from './issue-numbers.ts';
import { randomId } from './random-id.ts';
import { retryOnConflict } from './retry-on-conflict.ts';
import { liveSession, mergeIdSet, settleClaim } from './settle.ts';

/**
 * The app database (SPEC §3), read and written by the server only. Ids are chosen so every
 * lookup the server needs is a document GET, an `_all_docs` by keys or prefix range: no views,
 * which keeps the embedded database and a CouchDB cluster equally simple.
 *
 * On a cluster, two instances can write one document through two nodes and both be told it
 * worked (201, or 202 when no quorum of copies was reached); the document then has two leaf
 * revisions, and every node shows the same one, the winner. So every uniqueness claim is read
 * back once the write has settled (`keeps`), and only the winner goes on; read-modify-writes
 * drop the versions that lost; and a range of `_all_docs` (which a cluster reads from one copy,
 * so it can miss a write just answered) is used only where a miss does no harm: what must see
 * a recent write reads by id, through the index documents below (`IdSetDoc`).
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

/**
 * A set of ids in one document, read by id where a range read could miss a recent write:
 * `memberof:<userId>` (their workspaces), `members:<workspaceId>` (its users) and
 * `invitations:<workspaceId>`. It may name more than there are (a membership since ended): the
 * ids are only where to look. Versions written through two nodes at once are merged as their
 * union, so an id added is never lost.
 */
export interface IdSetDoc extends CouchDoc {
  type: 'idset';
  ids: string[];
}

/** Which set, and where its ids were before there was one. */
export interface IdSetRef {
  id: string;
  legacy: () => Promise<string[]>;
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
const now = () => new Date().toISOString();

// Enough for every workspace an instance serves at once; past it the hints start over.
const MAX_SLUG_IDS = 10_000;

/** As many copies as a cluster keeps of a shard (CouchDB reads min(n, r)): all of them. */
const EVERY_COPY = 99;

const withoutMeta = <T extends CouchDoc>(doc: T): T => {
  const { _conflicts, _revisions, ...rest } = doc;
  void _conflicts;
  void _revisions;
  return rest as T;
};

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

  /** The projects' issue numbers, handed out in blocks (issue-numbers.ts). */
  readonly numbers: IssueNumbers;

  constructor(
    readonly couch: CouchClient,
    readonly db: string,
  ) {
    this.numbers = new IssueNumbers(this);
  }

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

  /** The documents of `ids` that exist, each read by id. */
  byIds<T>(ids: string[]): Promise<T[]> {
    return this.couch.docsById<T>(this.db, ids);
  }

  /** Until a write just answered has reached every node (COUCHDB_SETTLE_MS; none embedded). */
  settled(ids?: string[]): Promise<void> {
    return this.couch.settled(this.db, ids);
  }

  /**
   * Whether revision `rev` of `id`, just written, is the one the database keeps. Another
   * instance may have written the same document through another node at the same moment, and
   * both were told it worked; once both writes have reached every node, each node shows the same
   * winner, so both writers, reading it back, agree on who won. The winner drops the versions
   * that lost (so they never come back, e.g. when it is deleted); the loser drops its own.
   */
  async keeps(id: string, rev: string): Promise<boolean> {
    return (await this.keepsAll([{ id, rev }]))[0]!;
  }

  /** `keeps` for several revisions written at once: settled together, each read back. */
  async keepsAll(written: readonly Written[]): Promise<boolean[]> {
    await this.settled(written.map((w) => w.id));
    return Promise.all(
      written.map(async ({ id, rev }) => {
        const current = await this.readClaim(id, { revs: true });
        const { won, drop } = settleClaim(current, rev);
        await this.drop(id, drop);
        return won;
      }),
    );
  }

  /**
   * A claim read back from every copy of its shard, not a quorum. Two claims through two nodes
   * can each reach different copies first (each copy takes the first it sees), and a quorum
   * read may be answered by two copies that hold only one of them, while the other writer's
   * read meets both and the cluster's winner is the other: both would keep their claim. Read
   * from every copy, a disagreement is settled there and then (CouchDB repairs the copies and
   * answers the winner of all of them), so both writers see the same winner. CouchDB reads
   * min(n, r) copies; the embedded database has one and ignores `r`.
   */
  private readClaim<T extends CouchDoc>(id: string, query: { revs?: boolean } = {}) {
    return this.couch.getDoc<T>(this.db, id, { ...query, conflicts: true, r: EVERY_COPY });
  }

  /** Delete these leaf revisions of `id`; one already gone is fine. */
  private async drop(id: string, revs: string[]): Promise<void> {
    await Promise.allSettled(revs.map((rev) => this.couch.deleteDoc(this.db, id, rev)));
  }

  /**
   * Create a document as a uniqueness claim: true when this write is the one kept, false when
   * the id was taken, here or through another node at the same moment (`keeps`).
   *
   * What tells two claims apart is the revision, and CouchDB's revision id is a hash of the body
   * (PouchDB's too): two claimants writing the same body through two nodes write the same
   * revision, no conflict, and both keep it. So a claim whose winner matters must carry something
   * of its own (a random id): two devices of one person claiming a block of issue numbers in
   * one millisecond were both given it. A body that names only what is claimed (an account's
   * `account-sub` link) may be the same: whichever "wins", the outcome is the same document.
   */
  async create(doc: CouchDoc): Promise<boolean> {
    let rev: string;
    try {
      rev = await this.couch.putDoc(this.db, doc);
    } catch (err) {
      if (err instanceof CouchConflict) return false;
      throw err;
    }
    return this.keeps(doc._id, rev);
  }

  /**
   * Read-modify-write with retry on conflict, so several server instances can share a doc.
   * Versions written at once through other nodes lose to the one read (the last write wins)
   * and are dropped. With `claim`, the write must also be the one kept once settled
   * (`keeps`), else `change` runs again on the winner: for a change only one may make, such as
   * using an invitation.
   */
  async update<T extends CouchDoc>(
    id: string,
    change: (current: T | null) => T | null,
    options: { claim?: boolean } = {},
  ): Promise<T | null> {
    return retryOnConflict(id, 20, async () => {
      const read = await this.couch.getDoc<T>(this.db, id, { conflicts: true });
      const current = read && withoutMeta(read);
      const next = change(current);
      if (!next) return current;
      const rev = await this.put({
        ...next,
        _id: id,
        ...(current?._rev ? { _rev: current._rev } : {}),
      });
      if (read?._conflicts?.length) await this.drop(id, read._conflicts);
      if (options.claim && !(await this.keeps(id, rev)))
        throw new CouchConflict(`${id}: another write won`);
      return { ...next, _rev: rev };
    });
  }

  /**
   * Delete a document whatever its current revision (a concurrent update is retried), every
   * version of it: a conflicting one left behind would become the document again.
   */
  async remove(id: string): Promise<void> {
    await retryOnConflict(id, 20, async () => {
      const current = await this.couch.getDoc(this.db, id, { conflicts: true });
      if (!current?._rev) return;
      const rev = await this.couch.deleteDoc(this.db, id, current._rev);
      await this.#wrote([{ id, rev }]);
      await this.drop(id, current._conflicts ?? []);
    });
  }

  /**
   * After `remove`: an update written at the same moment through another node leaves a live
   * version beside the deletion, and CouchDB picks a live version over a deleted one. Once writes
   * have settled, whatever came back is removed again. True when something came back (the
   * caller may have more to undo).
   */
  async removeIfBack(id: string): Promise<boolean> {
    if (this.couch.settleMs === 0) return false;
    await this.settled([id]);
    if (!(await this.get(id))) return false;
    await this.remove(id);
    return true;
  }

  withPrefix<T>(prefix: string): Promise<T[]> {
    return this.couch.docsWithPrefix<T>(this.db, prefix);
  }

  // ── id sets ──────────────────────────────────────────────────────────────────────────────
  /**
   * The ids in a set, all its versions merged. A set not written yet starts from its `legacy`
   * ids: a range read of what was written before the set existed (so it is made once, and later
   * writes keep it up to date).
   */
  async readIdSet(set: IdSetRef): Promise<string[]> {
    const leaves = await this.couch.leaves<IdSetDoc>(this.db, set.id);
    if (leaves.length === 0) return this.changeIdSet(set, []);
    return mergeIdSet(leaves).ids;
  }

  /** The ids in a set that has no legacy ids, without writing it when it was never made. */
  async peekIdSet(id: string): Promise<string[]> {
    const leaves = await this.couch.leaves<IdSetDoc>(this.db, id);
    return leaves.length ? mergeIdSet(leaves).ids : [];
  }

  /** Add ids to a set (and take some out), merging versions written through other nodes. */
  async changeIdSet(set: IdSetRef, add: string[], remove: string[] = []): Promise<string[]> {
    return retryOnConflict(set.id, 20, async () => {
      const leaves = await this.couch.leaves<IdSetDoc>(this.db, set.id);
      const from = leaves.length ? leaves : [{ ids: await set.legacy() }];
      const { ids, changed } = mergeIdSet(from, add, remove);
      const [kept, ...others] = leaves;
      if (kept && !changed) return ids;
      await this.put({
        _id: set.id,
        type: 'idset',
        ids,
        ...(kept ? { _rev: kept._rev } : {}),
      });
      await this.drop(
        set.id,
        others.flatMap((o) => (o._rev ? [o._rev] : [])),
      );
      return ids;
    });
  }

  /** The workspaces a user is or was a member of. */
  memberOfSet(userId: string): IdSetRef {
    return {
      id: `memberof:${userId}`,
      legacy: async () =>
        (await this.withPrefix<MembershipDoc>(`membership:${userId}:`)).map((m) => m.workspaceId),
    };
  }

  /** The users who are or were members of a workspace. */
  membersSet(workspace: WorkspaceRecord): IdSetRef {
    return {
      id: `members:${workspace._id.slice('workspace:'.length)}`,
      legacy: async () => {
        const docs = await this.couch
          .docsWithPrefix<{ userId: string }>(workspace.dbName, 'member:')
          // A workspace whose database is gone (deleted part-way) has no member documents.
          .catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'NOT_FOUND') return [];
            throw err;
          });
        return docs.map((m) => m.userId);
      },
    };
  }

  /** The invitations of a workspace (the part of their ids after the workspace id). */
  invitationsSet(workspace: WorkspaceRecord): IdSetRef {
    const workspaceId = workspace._id.slice('workspace:'.length);
    return {
      id: `invitations:${workspaceId}`,
      legacy: async () =>
        (await this.withPrefix<InvitationDoc>(`invitation:${workspaceId}:`)).map(
          (i) => i._id.split(':')[2] ?? '',
        ),
    };
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

  /**
   * The session a cookie names, or null when there is none or it was signed out: read with
   * every version of it, as a sign-out racing a touch through another node leaves a live
   * version beside the deletion (settle.ts `liveSession`). Such a leftover is deleted.
   */
  async session(docId: string): Promise<SessionDoc | null> {
    const leaves = await this.couch.allLeaves<SessionDoc>(this.db, docId);
    const session = liveSession(leaves);
    if (!session && leaves.some((l) => !l._deleted)) this.remove(docId).catch(() => undefined);
    return session;
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

  /**
   * Every session of the user, each with every version of it (a session used through two
   * instances at once may have two, and a version left behind would sign them in again). Read
   * once writes have settled, so a session made a moment ago through another node goes too.
   */
  async deleteSessionsOf(userId: string): Promise<number> {
    await this.settled();
    const rows = await this.couch.allDocs<SessionDoc>(this.db, {
      startkey: `session:${userId}:`,
      endkey: `session:${userId}:\ufff0`,
      include_docs: true,
      conflicts: true,
    });
    const sessions = rows.flatMap((r) => (r.doc ? [r.doc] : []));
    if (sessions.length === 0) return 0;
    const results = await this.couch.bulkDocs(
      this.db,
      sessions.map((s) => ({ _id: s._id, _rev: s._rev, _deleted: true })),
    );
    await Promise.all(sessions.map((s) => this.drop(s._id, s._conflicts ?? [])));
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

  /** Every workspace not being deleted (the cycle keeper's pass). */
  async workspaces(): Promise<WorkspaceRecord[]> {
    const records = await this.withPrefix<WorkspaceRecord>('workspace:');
    return records.filter((w) => w.type === 'workspace' && !w.deletingAt);
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

  /**
   * The user's memberships, read by id through their `memberof` set, so one made a moment ago
   * (a workspace created, an invitation accepted) is listed at once on a cluster too.
   */
  async membershipsOf(userId: string): Promise<MembershipDoc[]> {
    const workspaceIds = await this.readIdSet(this.memberOfSet(userId));
    return this.byIds<MembershipDoc>(workspaceIds.map((w) => `membership:${userId}:${w}`));
  }

  /** Record a membership in the user's and the workspace's sets, before the membership itself. */
  async indexMembership(userId: string, workspace: WorkspaceRecord): Promise<void> {
    await this.changeIdSet(this.memberOfSet(userId), [workspace._id.slice('workspace:'.length)]);
    await this.changeIdSet(this.membersSet(workspace), [userId]);
  }
}
