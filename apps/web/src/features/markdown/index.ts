// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export { MarkdownView } from './markdown-view.tsx';
export { toggleTask } from './task-list.ts';
