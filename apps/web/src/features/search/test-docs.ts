import type { CommentDoc } from '@keel/domain';
import { FIXTURE_TIME } from '@keel/domain/test-fixtures';

/** A comment document for the search tests. */
export function testComment(id: string, issueId: string, body: string): CommentDoc {
  return {
    _id: `comment:${id}`,
    type: 'comment',
    issueId,
    body,
    authorId: 'u1',
    editedAt: null,
    createdAt: FIXTURE_TIME,
    updatedAt: FIXTURE_TIME,
  };
}
