import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from '@keel/domain';
import { checkCommentBody, commentPermissions, editComment, newComment } from './comment-docs.ts';

const NOW = '2025-06-10T12:00:00.000Z';
const LATER = '2025-06-10T13:00:00.000Z';
const comment = newComment({
  id: 'comment:c1',
  issueId: 'issue:1',
  authorId: 'u1',
  body: 'Hi',
  now: NOW,
});

describe('comments', () => {
  it('checks the body with the domain messages', () => {
    expect(checkCommentBody('  hello  ')).toEqual({ ok: true, body: 'hello' });
    expect(checkCommentBody('   ')).toEqual({ ok: false, message: 'Comment is required' });
    expect(checkCommentBody('x'.repeat(20_001))).toEqual({
      ok: false,
      message: 'Comment must be at most 20,000 characters',
    });
    expect(checkCommentBody('x'.repeat(20_000)).ok).toBe(true);
  });

  it('builds a comment the domain accepts from its author', () => {
    expect(checkDocumentWrite(comment, { role: 'member', userId: 'u1', existing: null }).ok).toBe(
      true,
    );
  });

  it('marks an edit with its time, and skips an edit that changes nothing', () => {
    expect(editComment(comment, 'Hello', LATER)).toMatchObject({ body: 'Hello', editedAt: LATER });
    expect(editComment(comment, 'Hi', LATER)).toBeNull();
  });

  it('lets authors edit and delete their own, admins delete anyone’s', () => {
    expect(commentPermissions(comment, 'member', 'u1')).toEqual({ edit: true, delete: true });
    expect(commentPermissions(comment, 'member', 'u2')).toEqual({ edit: false, delete: false });
    expect(commentPermissions(comment, 'admin', 'u2')).toEqual({ edit: false, delete: true });
    expect(commentPermissions(comment, 'viewer', 'u1')).toEqual({ edit: false, delete: false });
  });
});
