import type { CommentDoc } from '@keel/domain';
import { useDocs } from '../sync/use-docs.ts';

const EMPTY: readonly CommentDoc[] = Object.freeze([]);
const cache = new WeakMap<readonly CommentDoc[], Map<string, CommentDoc[]>>();

/**
 * Comments grouped by issue, built once per snapshot of the comment collection (the store hands
 * out a new array only when a comment changes), so opening an issue never scans 30,000 comments.
 */
function byIssue(comments: readonly CommentDoc[]): Map<string, CommentDoc[]> {
  let map = cache.get(comments);
  if (!map) {
    map = new Map();
    for (const c of comments) {
      const list = map.get(c.issueId);
      if (list) list.push(c);
      else map.set(c.issueId, [c]);
    }
    cache.set(comments, map);
  }
  return map;
}

export function useIssueComments(issueId: string): readonly CommentDoc[] {
  return byIssue(useDocs('comment')).get(issueId) ?? EMPTY;
}
