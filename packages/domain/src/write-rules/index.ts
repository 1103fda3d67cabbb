export * from './types.ts';
export { idOf as sentDocId, replicatedRevisionProblem } from './admission.ts';
export { NUMBER_NOT_RESERVED } from './issue-rules.ts';
export { readsOfBatch, type BatchReads } from './batch-reads.ts';
export { WRITE_RULES } from './rules.ts';
export { checkWorkspaceWrite } from './check-workspace-write.ts';
export { lookupOfDocs } from './lookup.ts';
export * from './bulk-docs-request.ts';
export { ISSUE_NOT_FOUND } from './history-rules.ts';
export { RELATED_ISSUE_NOT_FOUND } from './relation-rules.ts';
export { CYCLE_NOT_OF_PROJECT, CYCLE_PROJECT_NOT_FOUND, CYCLES_OVERLAP } from './cycle-rules.ts';
export {
  MILESTONE_KEEPS_PROJECT,
  MILESTONE_NOT_OF_PROJECT,
  MILESTONE_PROJECT_NOT_FOUND,
  MILESTONES_LIMIT,
} from './milestone-rules.ts';
export {
  FAVORITE_OF_PRIVATE_VIEW,
  FAVORITE_TARGET_NOT_FOUND,
  FAVORITES_LIMIT,
  VIEW_PROJECT_NOT_FOUND,
  VIEW_SHARE_FORBIDDEN,
  VIEW_STAYS_SHARED,
  VIEWS_LIMIT,
} from './view-rules.ts';
