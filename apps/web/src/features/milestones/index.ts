export { MilestoneList } from './milestone-list.tsx';
