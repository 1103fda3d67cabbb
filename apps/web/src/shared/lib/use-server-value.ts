import { useEffect, useState } from 'react';
import type { Outcome } from './api-call.ts';
import { useLatestCallback } from './use-latest-callback.ts';

export interface ServerValue<T> {
  /** The last answer; null until the first arrives. */
  value: T | null;
  /** Why the last ask failed (offline, refused), in the catalogue's words; null when it did not. */
  error: string | null;
  /** When the last answer came: "3 minutes ago" is said as of then, not of each render. */
  at: Date;
  reload: () => void;
  /** Take an answer another call brought (a creation's), without asking again. */
  set: (value: T) => void;
}

/**
 * Something only the server has (a workspace's webhooks, its GitHub connection): asked for when
 * the screen shows, again on `reload` or when `key` changes; nothing while `enabled` is false.
 * An answer that arrives after the screen moved on is dropped.
 */
export function useServerValue<T>(
  load: () => Promise<Outcome<T>>,
  key: string,
  enabled = true,
): ServerValue<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState(() => new Date());
  const [version, setVersion] = useState(0);
  const ask = useLatestCallback(load);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void ask().then((result) => {
      if (!live) return;
      if (result.ok) {
        setValue(result.value);
        setAt(new Date());
        setError(null);
      } else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [key, version, enabled, ask]);

  return { value, error, at, reload: () => setVersion((v) => v + 1), set: setValue };
}
