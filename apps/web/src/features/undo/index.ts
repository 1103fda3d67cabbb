// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { editedFields } from './edited-fields.ts';
export { editedIssues } from './edited-issues.ts';
export { undoLast } from './offer-undo.ts';
export { offerUndoOfCommentDeletion, offerUndoOfIssueDeletion } from './undo-deletion.ts';
export type { DeletedIssue } from './undo-deletion.ts';
export { offerUndoOfEdits } from './undo-edits.ts';
export { offerUndoOfRelationAdded, offerUndoOfRelationRemoved } from './undo-relations.ts';
