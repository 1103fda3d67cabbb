/**
 * Workspaces this tab left on purpose (Leave, Delete): the layout says nothing when they vanish
 * from /api/me, because the screen that did it already said so.
 */
const intended = new Set<string>();

export function expectDeparture(slug: string): void {
  intended.add(slug);
}

/** True once for a departure this tab asked for. */
export function wasExpected(slug: string): boolean {
  return intended.delete(slug);
}
