import { meResponseSchema, type MeResponse } from '@keel/domain';
import { readJson, removeKey, writeJson } from '../../shared/lib/local-store.ts';

/** Who is signed in on this device, kept so Keel opens without the network. */
const KEY = 'keel.me';

export function readCachedMe(): MeResponse | null {
  return readJson(KEY, (value) => meResponseSchema.safeParse(value).data ?? null);
}

export function writeCachedMe(me: MeResponse): void {
  writeJson(KEY, me);
}

export function clearCachedMe(): void {
  removeKey(KEY);
}
