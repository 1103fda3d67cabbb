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
    const w = window as unknown as { keelHold: boolean };
    w.keelHold = true;
    // A transaction stays open while it has requests: keep asking until told to stop. Then let
    // go of the database too, as the app may need to upgrade it when it opens next.
    const hold = (db: IDBDatabase, store: IDBObjectStore) => {
      const again = () => {
        if (w.keelHold) store.get('keel-e2e-hold').onsuccess = again;
        else db.close();
      };
      again();
    };
    hold(db, tx.objectStore(stores[0]!));
    const mark = await new Promise<{ rev: string; revs: Record<string, { data: object }> } | null>(
      (resolve) => {
        const get = tx.objectStore('meta').get('_local/keel-bootstrap');
        get.onsuccess = () => resolve(get.result ?? null);
        get.onerror = () => resolve(null);
      },
    );
    // The replica's store snapshots live beside it (apps/web/src/features/sync/snapshot-db.ts):
    // held too, so nothing at all is saved meanwhile. Created as the app creates it if need be.
    const snapshots = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`keel-snapshots-${name.slice('_pouch_'.length)}`, 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore('snapshots', { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    hold(snapshots, snapshots.transaction('snapshots', 'readwrite').objectStore('snapshots'));
    const data = mark?.revs[mark.rev]?.data as { phase?: string } | undefined;
    return data ? (data.phase ?? 'done') : null;
  }, slug);
}

export async function releaseReplica(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { keelHold: boolean }).keelHold = false;
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
