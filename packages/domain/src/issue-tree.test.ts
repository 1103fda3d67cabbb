import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  descendantIds,
  hasCycle,
  parentProblem,
  PARENT_IS_DESCENDANT,
  PARENT_IS_SELF,
  PARENT_NOT_FOUND,
  type TreeNode,
} from './issue-tree.ts';

const n = (_id: string, parentId: string | null = null): TreeNode => ({ _id, parentId });
const tree = [n('a'), n('b', 'a'), n('c', 'b'), n('d', 'a'), n('e')];

describe('issue tree', () => {
  it('finds every descendant, not the issue itself', () => {
    expect([...descendantIds('a', tree)].sort()).toEqual(['b', 'c', 'd']);
    expect(descendantIds('e', tree).size).toBe(0);
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
