export { useAttachFiles } from './use-attach-files.ts';
export { formatBytes } from './attachment-text.ts';
