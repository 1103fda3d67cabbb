export { useAttachFiles } from './use-attach-files.ts';
export { IssueFilesWhenAny } from './issue-files-when-any.tsx';
