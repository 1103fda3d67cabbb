import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppStore } from '../db/app-store.ts';
import type { CouchDoc } from '../db/couch-client.ts';

/**
 * oidc-provider's storage (sessions, grants, codes, tokens) in the app database, so a restart or
 * a second server instance does not sign anyone out. Secondary lookups (by uid, user code,
 * grant) are small index documents found by id, not views.
 */
interface StoredPayload extends CouchDoc {
  payload: AdapterPayload;
  expiresAt: number | null;
}

const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export function couchAdapterFactory(store: AppStore) {
  return class CouchAdapter implements Adapter {
    constructor(readonly name: string) {}

    key(id: string) {
      return `oidc:${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : null;
      await store.update<StoredPayload>(this.key(id), () => ({
        _id: this.key(id),
        type: 'oidc',
        payload,
        expiresAt,
      }));
      if (payload.uid)
        await store.put({
          _id: `oidc:${this.name}:uid:${payload.uid}`,
          type: 'oidc-index',
          id,
          ...(await this.#rev(`oidc:${this.name}:uid:${payload.uid}`)),
        });
      if (payload.userCode)
        await store.put({
          _id: `oidc:${this.name}:userCode:${payload.userCode}`,
          type: 'oidc-index',
          id,
          ...(await this.#rev(`oidc:${this.name}:userCode:${payload.userCode}`)),
        });
      if (GRANTABLE.has(this.name) && payload.grantId) {
        const indexId = `oidc:grant:${payload.grantId}:${this.name}:${id}`;
        await store.put({ _id: indexId, type: 'oidc-index', ...(await this.#rev(indexId)) });
      }
    }

    async #rev(id: string): Promise<{ _rev?: string }> {
      const doc = await store.get(id);
      return doc?._rev ? { _rev: doc._rev } : {};
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const doc = await store.get<StoredPayload>(this.key(id));
      if (!doc || (doc.expiresAt !== null && doc.expiresAt < Date.now())) return undefined;
      return doc.payload;
    }

    async #findByIndex(kind: string, value: string) {
      const index = await store.get<CouchDoc & { id: string }>(
        `oidc:${this.name}:${kind}:${value}`,
      );
      return index ? this.find(index.id) : undefined;
    }

    findByUid(uid: string) {
      return this.#findByIndex('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.#findByIndex('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await store.update<StoredPayload>(this.key(id), (current) =>
        current
          ? { ...current, payload: { ...current.payload, consumed: Math.floor(Date.now() / 1000) } }
          : null,
      );
    }

    async destroy(id: string): Promise<void> {
      const doc = await store.get(this.key(id));
      if (doc?._rev)
        await store.couch.deleteDoc(store.db, doc._id, doc._rev).catch(() => undefined);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const index = await store.withPrefix<CouchDoc>(`oidc:grant:${grantId}:`);
      const targets = index.map((d) => d._id.split(':').slice(3).join(':'));
      const docs = await Promise.all(
        index.map(async (d, i) => {
          const [, , , model] = d._id.split(':');
          const id = targets[i]!.slice(model!.length + 1);
          return store.get(`oidc:${model}:${id}`);
        }),
      );
      const deletions = [...index, ...docs.filter((d): d is CouchDoc => d !== null)].map((d) => ({
        _id: d._id,
        _rev: d._rev,
        _deleted: true,
      }));
      if (deletions.length) await store.couch.bulkDocs(store.db, deletions);
    }
  };
}

/**
 * Delete provider records that have expired (interactions left by abandoned sign-ins, old
 * sessions, codes and tokens). Runs now and then on each instance; deleting twice is harmless.
 */
export async function sweepExpiredProviderRecords(
  store: AppStore,
  now = Date.now(),
): Promise<number> {
  const docs = await store.withPrefix<StoredPayload>('oidc:');
  const expired = docs.filter(
    (d) => d.type === 'oidc' && d.expiresAt !== null && d.expiresAt < now,
  );
  if (expired.length === 0) return 0;
  const results = await store.couch.bulkDocs(
    store.db,
    expired.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })),
  );
  return results.filter((r) => r.ok).length;
}
