import { sentString } from './sent-fields.ts';
import type { WriteRule } from './types.ts';

const HISTORY = new Set<unknown>(['comment', 'activity', 'conflict']);

export const ISSUE_NOT_FOUND = 'The issue does not exist';
const COMMENT_NOT_OF_ISSUE = 'The comment is not one of the issue’s';

/** SPEC §5: a new comment, activity record or conflict entry belongs to an issue that exists. */
export const belongsToIssue: WriteRule = {
  name: 'belongs-to-issue',
  appliesTo: (write) =>
    (write.doc.type === 'comment' ||
      write.doc.type === 'activity' ||
      write.doc.type === 'conflict') &&
    !write.existing,
  check: (write, _context, lookup) => {
    const { doc } = write;
    if (doc.type !== 'comment' && doc.type !== 'activity' && doc.type !== 'conflict') return null;
    return lookup.get(doc.issueId)?.type === 'issue'
      ? null
      : { path: 'issueId', message: ISSUE_NOT_FOUND };
  },
  reads: (doc, existing) => {
    const issueId = sentString(doc, 'issueId');
    return HISTORY.has(doc.type) && !existing && issueId ? { ids: [issueId] } : {};
  },
};

/** A conflict entry about a comment names one of its issue's comments. */
export const conflictCommentOfIssue: WriteRule = {
  name: 'conflict-comment-of-issue',
  appliesTo: (write) =>
    write.doc.type === 'conflict' && !write.existing && write.doc.commentId !== null,
  check: (write, _context, lookup) => {
    const { doc } = write;
    if (doc.type !== 'conflict' || doc.commentId === null) return null;
    const comment = lookup.get(doc.commentId);
    return comment?.type === 'comment' && comment.issueId === doc.issueId
      ? null
      : { path: 'commentId', message: COMMENT_NOT_OF_ISSUE };
  },
  reads: (doc, existing) => {
    const commentId = sentString(doc, 'commentId');
    return doc.type === 'conflict' && !existing && commentId ? { ids: [commentId] } : {};
  },
};
