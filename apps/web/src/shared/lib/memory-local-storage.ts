/**
 * For unit tests under Node, which has no localStorage: install a plain in-memory one and return
 * its map, so a test can read what was stored, plant entries and clear it between cases.
 */
export function installMemoryLocalStorage(): Map<string, string> {
  const memory = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
    key: (i: number) => [...memory.keys()][i] ?? null,
    get length() {
      return memory.size;
    },
  };
  return memory;
}
