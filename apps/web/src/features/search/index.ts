// What other features and the app may use of this feature (docs/decisions/018-layers.md).
export type { IssueHit } from './issue-search-index.ts';
export type { Snippet } from './search-snippet.ts';
export { useIssueSearch } from './use-issue-search.ts';
