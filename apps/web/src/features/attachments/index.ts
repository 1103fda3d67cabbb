export { useAttachFiles } from './use-attach-files.ts';
export { IssueFiles } from './issue-files.tsx';
export { formatBytes } from './attachment-text.ts';
