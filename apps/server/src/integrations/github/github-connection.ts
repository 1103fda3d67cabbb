import { randomBytes } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchDoc } from '../../db/couch-client.ts';
import type { SealedSecret, SecretBox } from '../../webhooks/secret-box.ts';

/**
 * `githubconn:<workspaceId>`: a workspace's GitHub connection (SPEC §11), the secret GitHub
 * signs its deliveries with, sealed like a webhook's (it is needed in clear to check them).
 */
export interface GithubConnectionDoc extends CouchDoc {
  type: 'githubconn';
  workspaceId: string;
  secret: SealedSecret;
  createdBy: string;
  createdAt: string;
  /** When GitHub last sent an event that was accepted; null before the first. */
  lastEventAt: string | null;
}

const docId = (workspaceId: string) => `githubconn:${workspaceId}`;

export class GithubConnections {
  constructor(
    private readonly store: AppStore,
    private readonly box: SecretBox,
  ) {}

  get(workspaceId: string): Promise<GithubConnectionDoc | null> {
    return this.store.get<GithubConnectionDoc>(docId(workspaceId));
  }

  /** Connect, or give a connected workspace a new secret: the secret, shown this once. */
  async connect(
    workspaceId: string,
    userId: string,
  ): Promise<{ secret: string; doc: GithubConnectionDoc }> {
    const secret = randomBytes(32).toString('hex');
    const now = new Date().toISOString();
    const doc = await this.store.update<GithubConnectionDoc>(docId(workspaceId), (current) => ({
      _id: docId(workspaceId),
      type: 'githubconn',
      workspaceId,
      secret: this.box.seal(secret),
      createdBy: userId,
      createdAt: now,
      lastEventAt: current?.lastEventAt ?? null,
    }));
    return { secret, doc: doc! };
  }

  async disconnect(workspaceId: string): Promise<void> {
    if (!(await this.get(workspaceId))) throw new AppError('NOT_FOUND');
    await this.store.remove(docId(workspaceId));
  }

  secretOf(doc: GithubConnectionDoc): string {
    return this.box.open(doc.secret);
  }

  /** Noted at most once a minute: a busy repository's events need not each write it. */
  async noteEvent(doc: GithubConnectionDoc, now: number): Promise<void> {
    if (doc.lastEventAt && now - Date.parse(doc.lastEventAt) < 60_000) return;
    await this.store
      .update<GithubConnectionDoc>(doc._id, (current) =>
        current ? { ...current, lastEventAt: new Date(now).toISOString() } : null,
      )
      .catch(() => undefined);
  }
}
