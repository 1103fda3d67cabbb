// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { projectControls } from './project-controls.ts';
export { ProjectDialog } from './project-dialog.tsx';
export { sortProjects } from './sort-projects.ts';
export { saveProjectPlan } from './project-writes.ts';
