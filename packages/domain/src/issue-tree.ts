/**
 * SPEC §5: an issue's parent is another issue of the same workspace, never itself or one of its
 * descendants. Pure functions over a plain id → parentId view, so the browser (before saving)
 * and the server (for every write) answer the same way.
 */
export interface TreeNode {
  _id: string;
  parentId: string | null;
}

export const PARENT_IS_SELF = 'An issue cannot be its own parent';
export const PARENT_IS_DESCENDANT = 'A sub-issue of this issue cannot be its parent';
export const PARENT_NOT_FOUND = 'The parent must be an issue of this workspace';

function childrenIndex(nodes: Iterable<TreeNode>): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const node of nodes) {
    if (!node.parentId) continue;
    const list = children.get(node.parentId);
    if (list) list.push(node._id);
    else children.set(node.parentId, [node._id]);
  }
  return children;
}

/** Every issue below `id` (children, their children, …), never `id` itself. Cycle-safe. */
export function descendantIds(id: string, nodes: Iterable<TreeNode>): Set<string> {
  const children = childrenIndex(nodes);
  const found = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === id || found.has(next)) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * Why `parentId` cannot be the parent of `id`, or null when it can (null parent always can).
 * Descendants are computed on the tree as it is now, so accepting the answer never closes a loop.
 */
export function parentProblem(
  id: string,
  parentId: string | null,
  nodes: Iterable<TreeNode>,
): string | null {
  if (parentId === null) return null;
  if (parentId === id) return PARENT_IS_SELF;
  const list = [...nodes];
  if (!list.some((n) => n._id === parentId)) return PARENT_NOT_FOUND;
  if (descendantIds(id, list).has(parentId)) return PARENT_IS_DESCENDANT;
  return null;
}

/** True when following parents from some node comes back to it. */
export function hasCycle(nodes: Iterable<TreeNode>): boolean {
  const parent = new Map<string, string | null>();
  for (const n of nodes) parent.set(n._id, n.parentId);
  const done = new Set<string>();
  for (const start of parent.keys()) {
    const path = new Set<string>();
    let at: string | null | undefined = start;
    while (at && !done.has(at)) {
      if (path.has(at)) return true;
      path.add(at);
      at = parent.get(at);
    }
    for (const p of path) done.add(p);
  }
  return false;
}
