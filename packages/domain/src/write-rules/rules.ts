import { labelNameUnique, projectKeyUnique } from './catalog-rules.ts';
import { cycleCompletedByRollover, cyclesInOrder, issueCycleOfProject } from './cycle-rules.ts';
import { belongsToIssue, conflictCommentOfIssue } from './history-rules.ts';
import {
  assigneeAndLabels,
  estimateInScale,
  numberReserved,
  parentWithoutLoop,
  stateInProject,
} from './issue-rules.ts';
import { issueMilestoneOfProject, milestoneOfProject } from './milestone-rules.ts';
import { relationBetweenIssues } from './relation-rules.ts';
import { favoriteOfTarget, viewSharing } from './view-rules.ts';
import type { WriteRule } from './types.ts';

/**
 * Every rule a document passes once its shape and role are accepted (admission.ts), in the
 * order they are checked; the first that finds a problem refuses the document. The one place a
 * rule about what a write may do is written: the server runs it on every replicated write, the
 * browser before saving, the importer before importing.
 */
export const WRITE_RULES: readonly WriteRule[] = [
  stateInProject,
  estimateInScale,
  projectKeyUnique,
  labelNameUnique,
  numberReserved,
  parentWithoutLoop,
  assigneeAndLabels,
  belongsToIssue,
  conflictCommentOfIssue,
  relationBetweenIssues,
  issueCycleOfProject,
  cyclesInOrder,
  cycleCompletedByRollover,
  issueMilestoneOfProject,
  milestoneOfProject,
  viewSharing,
  favoriteOfTarget,
];
