// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { BulkBar } from './bulk-bar.tsx';
export { FilterBar } from './filter-bar.tsx';
export { ProjectViewTabs } from './project-view-tabs.tsx';
export { useSelection } from './use-selection.ts';
export { useLabelMap, useLiveMilestones, useViewGroups } from './use-view-groups.ts';
export { useViewQuery } from './use-view-query.ts';
export { lazyIssueOrder, nextIssueRow, viewRows } from './view-rows.ts';
export { SaveViewButton } from './save-view-button.tsx';
export { SavedViewHeader } from './saved-view-header.tsx';
export { ViewsNav } from './views-nav.tsx';
export { SavedViewTabs } from './saved-view-tabs.tsx';
export { useSavedView } from './use-saved-view.ts';
