import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parentChainProblem,
  PARENT_CHAIN_MAX,
  PARENT_IS_DESCENDANT,
  PARENT_IS_SELF,
  PARENT_NOT_FOUND,
  type TreeNode,
} from './issue-tree.ts';

const n = (_id: string, parentId: string | null = null): TreeNode => ({ _id, parentId });
const tree = [n('a'), n('b', 'a'), n('c', 'b'), n('d', 'a'), n('e')];

const parentProblem = (id: string, parentId: string | null, nodes: readonly TreeNode[]) =>
  parentChainProblem(id, parentId, (at) => nodes.find((node) => node._id === at));

/** True when following parents from some node comes back to it. */
function hasCycle(nodes: Iterable<TreeNode>): boolean {
  const parent = new Map<string, string | null>();
  for (const node of nodes) parent.set(node._id, node.parentId);
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

describe('issue tree', () => {
  it('refuses a chain of parents too long to walk as if it were a loop', () => {
    const chain = Array.from({ length: PARENT_CHAIN_MAX + 1 }, (_, i) =>
      n(`n${i}`, i === 0 ? null : `n${i - 1}`),
    );
    const byId = new Map(chain.map((node) => [node._id, node]));
    expect(parentChainProblem('x', `n${PARENT_CHAIN_MAX}`, (id) => byId.get(id))).toBe(
      PARENT_IS_DESCENDANT,
    );
    expect(parentChainProblem('x', `n${PARENT_CHAIN_MAX - 1}`, (id) => byId.get(id))).toBeNull();
  });

  it('refuses itself, its descendants and unknown issues with a message', () => {
    expect(parentProblem('a', 'a', tree)).toBe(PARENT_IS_SELF);
    expect(parentProblem('a', 'c', tree)).toBe(PARENT_IS_DESCENDANT);
    expect(parentProblem('a', 'zzz', tree)).toBe(PARENT_NOT_FOUND);
    expect(parentProblem('c', 'e', tree)).toBeNull();
    expect(parentProblem('c', null, tree)).toBeNull();
  });

  it('detects a loop', () => {
    expect(hasCycle(tree)).toBe(false);
    expect(hasCycle([n('x', 'y'), n('y', 'x')])).toBe(true);
  });

  it('never lets an accepted parent change create a cycle (any forest, any change)', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    // A random forest: each node may point at an earlier one, so the start has no cycle.
    const forest = fc
      .array(fc.nat(), { minLength: ids.length, maxLength: ids.length })
      .map((picks) =>
        ids.map((id, i) => n(id, i === 0 || picks[i]! % 3 === 0 ? null : ids[picks[i]! % i]!)),
      );
    fc.assert(
      fc.property(
        forest,
        fc.constantFrom(...ids),
        fc.option(fc.constantFrom(...ids)),
        (nodes, id, parent) => {
          const problem = parentProblem(id, parent, nodes);
          const next = nodes.map((x) => (x._id === id ? n(id, parent) : x));
          if (problem === null) expect(hasCycle(next)).toBe(false);
          else expect(parent === id || hasCycle(next)).toBe(true);
        },
      ),
    );
  });
});
