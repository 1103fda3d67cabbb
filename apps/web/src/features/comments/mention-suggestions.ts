import type { MemberDoc } from '@keel/domain';

/** Active members whose name or email starts a word with the typed query, best first. */
export function suggestMembers(
  members: readonly MemberDoc[],
  query: string,
  limit = 6,
): MemberDoc[] {
  const q = query.toLowerCase();
  const score = (m: MemberDoc) => {
    const name = (m.name || m.email).toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    if (m.email.toLowerCase().startsWith(q)) return 2;
    return -1;
  };
  return members
    .filter((m) => m.active && score(m) >= 0)
    .sort((a, b) => score(a) - score(b) || (a.name || a.email).localeCompare(b.name || b.email))
    .slice(0, limit);
}
