import type { MeResponse } from '@keel/domain';
import { readJson, writeJson } from '../../shared/lib/local-store.ts';

const key = (userId: string) => `keel.lastWorkspace.${userId}`;

export function rememberWorkspace(userId: string, slug: string): void {
  writeJson(key(userId), slug);
}

/** Where `/` goes: the last workspace used if still ours, else the first, else none. */
export function homeWorkspace(me: MeResponse): string | null {
  const last = readJson(key(me.user.id), (v) => (typeof v === 'string' ? v : null));
  const slugs = me.workspaces.map((w) => w.slug);
  if (last && slugs.includes(last)) return last;
  return slugs[0] ?? null;
}
