export { MilestoneList } from './milestone-list.tsx';
export { updateMilestone } from './milestone-writes.ts';
