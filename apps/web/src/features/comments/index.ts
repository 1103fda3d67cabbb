// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { CommentEditor } from './comment-editor.tsx';
export { CommentItem } from './comment-item.tsx';
export { useCommentActions } from './use-comment-actions.ts';
export { useMemberNames } from './use-member-names.ts';
