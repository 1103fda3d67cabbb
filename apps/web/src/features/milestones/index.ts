export { MilestoneList } from './milestone-list.tsx';
export { setMilestoneTarget } from './milestone-writes.ts';
