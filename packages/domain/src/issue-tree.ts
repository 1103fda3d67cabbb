/**
 * SPEC §5: an issue's parent is another issue of the same workspace, never itself or one of its
 * descendants. Checked by the `parent-without-loop` write rule, so the browser (before saving)
 * and the server (for every write) answer the same way.
 */
export interface TreeNode {
  _id: string;
  parentId: string | null;
}

export const PARENT_IS_SELF = 'An issue cannot be its own parent';
export const PARENT_IS_DESCENDANT = 'A sub-issue of this issue cannot be its parent';
export const PARENT_NOT_FOUND = 'The parent must be an issue of this workspace';

/** A chain of parents longer than this is refused as if it were a loop. */
export const PARENT_CHAIN_MAX = 1_000;

/**
 * Why `parentId` cannot be the parent of `id`, or null when it can (a null parent always can):
 * walking up from the new parent must reach the top without meeting `id`. `get` answers an
 * issue of the workspace (undefined for none), so it reads only the chain above the parent.
 */
export function parentChainProblem(
  id: string,
  parentId: string | null,
  get: (id: string) => TreeNode | undefined,
): string | null {
  if (parentId === null) return null;
  if (parentId === id) return PARENT_IS_SELF;
  let current: string | null = parentId;
  for (let depth = 0; current !== null && depth < PARENT_CHAIN_MAX; depth++) {
    if (current === id) return PARENT_IS_DESCENDANT;
    const node = get(current);
    if (!node) return depth === 0 ? PARENT_NOT_FOUND : null;
    current = node.parentId;
  }
  return current === null ? null : PARENT_IS_DESCENDANT;
}
