import { readJson, writeJson } from '../shared/lib/local-store.ts';

/**
 * Names of the replicas this browser has opened. IndexedDB can list databases in most browsers
 * but not all, and "clear this device" must find every one.
 */
const KEY = 'keel.replicas';

export function knownReplicas(): string[] {
  return (
    readJson(KEY, (v) =>
      Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : null,
    ) ?? []
  );
}

export function rememberReplica(name: string): void {
  const names = knownReplicas();
  if (!names.includes(name)) writeJson(KEY, [...names, name]);
}

export function forgetReplica(name: string): void {
  writeJson(
    KEY,
    knownReplicas().filter((n) => n !== name),
  );
}
