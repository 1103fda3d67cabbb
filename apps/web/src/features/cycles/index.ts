// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { ProjectCycleLink } from './project-cycle-link.tsx';
