import type { Page } from '@playwright/test';

/**
 * A device that refuses writes, played by the browser itself: while the localStorage key `flag`
 * is '1', IndexedDB aborts every transaction that writes a record whose id starts with
 * `idPrefix`, as it does when the quota is exceeded. Everything else stays real. Counts what it
 * let through and what it refused, for `idbWrites`.
 */
export async function refuseIdbWrites(page: Page, fault: { flag: string; idPrefix: string }) {
  await page.addInitScript(({ flag, idPrefix }) => {
    const put = IDBObjectStore.prototype.put;
    const w = window as unknown as { keelIdbWrites: { refused: number; written: number } };
    w.keelIdbWrites = { refused: 0, written: 0 };
    IDBObjectStore.prototype.put = function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      const id = (value as { id?: unknown } | null)?.id;
      const request = put.call(this, value, key);
      if (typeof id !== 'string' || !id.startsWith(idPrefix)) return request;
      if (localStorage.getItem(flag) === '1') {
        w.keelIdbWrites.refused++;
        this.transaction.abort();
      } else w.keelIdbWrites.written++;
      return request;
    };
  }, fault);
}

/** How many matching writes `refuseIdbWrites` let through and refused in this page. */
export const idbWrites = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { keelIdbWrites?: { refused: number; written: number } })
        .keelIdbWrites ?? { refused: 0, written: 0 },
  );

/**
 * A slow device, played by the browser itself: while the localStorage key `flag` holds a number
 * of milliseconds, each IndexedDB transaction that writes a record whose id starts with
 * `idPrefix` stays open that long before it commits (kept busy with reads), as on a slow disk.
 */
export async function slowIdbWrites(page: Page, fault: { flag: string; idPrefix: string }) {
  await page.addInitScript(({ flag, idPrefix }) => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      const id = (value as { id?: unknown } | null)?.id;
      const request = put.call(this, value, key);
      const delay = Number(localStorage.getItem(flag) ?? 0);
      if (typeof id !== 'string' || !id.startsWith(idPrefix) || !(delay > 0)) return request;
      const until = performance.now() + delay;
      const keepOpen = () => {
        if (performance.now() < until) this.count().onsuccess = keepOpen;
      };
      keepOpen();
      return request;
    };
  }, fault);
}
