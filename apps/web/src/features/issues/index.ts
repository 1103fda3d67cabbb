// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { priorityName } from './describe-activity.ts';
export { EmptyIssues } from './empty-issues.tsx';
export { IssueTargetCommands } from './issue-target-commands.tsx';
export { NewIssueDialog } from './new-issue-dialog.tsx';
export { PropertyButton } from './property-button.tsx';
export type { OpenMenu } from './property-button.tsx';
export { currentValue } from './property-menu-model.ts';
export type { MenuField } from './property-menu-model.ts';
export { PropertyMenu } from './property-menu.tsx';
export { usePropertyMenu } from './use-property-menu.ts';
export type { MenuRequest } from './use-property-menu.ts';
export { IssueList } from './issue-list.tsx';
export { subIssueSentence } from './issue-row-format.ts';
export { SubIssueProgressMark } from './sub-issue-progress.tsx';
