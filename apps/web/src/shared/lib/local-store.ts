/**
 * JSON in localStorage, parsed on the way out: what is on disk may be from an older version of
 * the app or edited by hand, so every read goes through a parser and falls back to null.
 */
export function readJson<T>(key: string, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs us the cache; the app still works online.
  }
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to do: storage that cannot be written holds nothing of ours.
  }
}

/** Every key we own starts with this, so "clear this device" can find them all. */
export const STORAGE_PREFIX = 'keel.';

export function removeAllOwnKeys(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // See removeKey.
  }
}
