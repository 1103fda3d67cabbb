import type { Page } from '@playwright/test';

/**
 * Another page of the same origin holding a read-write transaction over a replica's real
 * IndexedDB database and the one of its store snapshots, as a busy second tab can: the app's
 * writes wait behind them until `releaseReplica`. Returns the phase of the replica's first fill as the hold begins
 * ('filling' or 'done'; replica-bootstrap.ts), read inside the held transaction.
 */
export async function holdReplica(page: Page, slug: string): Promise<string | null> {
  return page.evaluate(async (slug) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const name = names.find((n) => n.startsWith('_pouch_keel-r2-') && n.endsWith(`-${slug}`));
    if (!name) throw new Error(`No replica of ${slug} in ${names.join(', ')}`);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = Array.from({ length: db.objectStoreNames.length }, (_, i) =>
      db.objectStoreNames.item(i)!,
    );
    const tx = db.transaction(stores, 'readwrite');
    const w = window as unknown as { keelHold: boolean; keelHoldSnapshots: boolean };
    w.keelHold = true;
    w.keelHoldSnapshots = true;
    // A transaction stays open while it has requests: keep asking until told to stop. Then let
    // go of the database too, as the app may need to upgrade it when it opens next.
    const hold = (
      db: IDBDatabase,
      store: IDBObjectStore,
      flag: 'keelHold' | 'keelHoldSnapshots',
    ) => {
      const again = () => {
        if (w[flag]) store.get('keel-e2e-hold').onsuccess = again;
        else db.close();
      };
      again();
    };
    hold(db, tx.objectStore(stores[0]!), 'keelHold');
    const mark = await new Promise<{ rev: string; revs: Record<string, { data: object }> } | null>(
      (resolve) => {
        const get = tx.objectStore('meta').get('_local/keel-bootstrap');
        get.onsuccess = () => resolve(get.result ?? null);
        get.onerror = () => resolve(null);
      },
    );
    // The replica's store snapshots live beside it (apps/web/src/data/snapshot-db.ts):
    // held too, so nothing at all is saved meanwhile. Created as the app creates it if need be.
    const snapshots = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`keel-snapshots-${name.slice('_pouch_'.length)}`, 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore('snapshots', { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    hold(
      snapshots,
      snapshots.transaction('snapshots', 'readwrite').objectStore('snapshots'),
      'keelHoldSnapshots',
    );
    const data = mark?.revs[mark.rev]?.data as { phase?: string } | undefined;
    return data ? (data.phase ?? 'done') : null;
  }, slug);
}

export async function releaseReplica(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { keelHold: boolean; keelHoldSnapshots: boolean };
    w.keelHold = false;
    w.keelHoldSnapshots = false;
  });
}

/** The phase of the replica's first fill (null before there is a replica), read in passing. */
export async function fillPhase(page: Page, slug: string): Promise<string | null> {
  try {
    return await holdReplica(page, slug);
  } catch {
    return null;
  } finally {
    await releaseReplica(page);
  }
}

/**
 * Hold only the store snapshots' database of a replica (snapshot-db.ts) in a read-write
 * transaction, so no snapshot is saved until `releaseSnapshots` (which also lets go of the
 * snapshots a `holdReplica` of the same page holds); the replica itself stays free.
 */
export async function holdSnapshots(page: Page, slug: string): Promise<void> {
  await page.evaluate(async (slug) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const name = names.find(
      (n) => n.startsWith('keel-snapshots-keel-r2-') && n.endsWith(`-${slug}`),
    );
    if (!name) throw new Error(`No snapshots of ${slug} in ${names.join(', ')}`);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const w = window as unknown as { keelHoldSnapshots: boolean };
    w.keelHoldSnapshots = true;
    const store = db.transaction('snapshots', 'readwrite').objectStore('snapshots');
    // Started once every transaction queued before it has finished: then it holds.
    await new Promise<void>((resolve) => {
      const again = (first: boolean) => {
        if (first) resolve();
        if (w.keelHoldSnapshots) store.get('keel-e2e-hold').onsuccess = () => again(false);
        else db.close();
      };
      store.get('keel-e2e-hold').onsuccess = () => again(true);
    });
  }, slug);
}

export async function releaseSnapshots(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { keelHoldSnapshots: boolean }).keelHoldSnapshots = false;
  });
}

/**
 * What a replica's next open starts from: the phase of its fill, the sequence of the lists'
 * store snapshot (0: saved while filling, before the replica had the documents) and whether
 * the push mark is there. Read without holding anything; the snapshot waits for a hold on it.
 */
export async function openingState(page: Page, slug: string) {
  return page.evaluate(async (slug) => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const read = <T>(db: IDBDatabase, store: string, key: string) =>
      new Promise<T | undefined>((resolve, reject) => {
        const get = db.transaction(store).objectStore(store).get(key);
        get.onsuccess = () => resolve(get.result as T | undefined);
        get.onerror = () => reject(get.error);
      });
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const name = names.find((n) => n.startsWith('_pouch_keel-r2-') && n.endsWith(`-${slug}`))!;
    const replica = await open(name);
    type Local = { rev: string; revs: Record<string, { data: Record<string, unknown> }> };
    const data = (local: Local | undefined) => local?.revs[local.rev]?.data;
    const mark = data(await read<Local>(replica, 'meta', '_local/keel-bootstrap'));
    const pushed = data(await read<Local>(replica, 'meta', '_local/keel-push'));
    replica.close();
    const snapshots = await open(`keel-snapshots-${name.slice('_pouch_'.length)}`);
    const head = await read<{ seq?: unknown }>(snapshots, 'snapshots', 'keel-snapshot-main');
    snapshots.close();
    return { phase: mark?.phase ?? null, snapshotSeq: head?.seq ?? null, pushed: pushed ?? null };
  }, slug);
}
