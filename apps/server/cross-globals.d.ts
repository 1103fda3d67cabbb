/**
 * Browser globals the web modules under cross test read, for the cross-test project only (Node's
 * and the DOM's typings clash). Under Node there is no localStorage: local-store.ts catches that,
 * so a rejected change is kept in memory only.
 */
declare const localStorage: {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};
