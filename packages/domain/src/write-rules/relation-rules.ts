import { sentString } from './sent-fields.ts';
import type { WriteRule } from './types.ts';

export const RELATED_ISSUE_NOT_FOUND = 'Both issues must be issues of this workspace';

/**
 * SPEC §10: a relation is between two issues of the workspace (any of its projects); also when
 * another device made the same relation first (a sibling revision, document-rules.ts).
 */
export const relationBetweenIssues: WriteRule = {
  name: 'relation-between-issues',
  appliesTo: (write) => write.doc.type === 'relation',
  check: (write, _context, lookup) => {
    const { doc } = write;
    if (doc.type !== 'relation') return null;
    if (lookup.get(doc.fromIssueId)?.type !== 'issue')
      return { path: 'fromIssueId', message: RELATED_ISSUE_NOT_FOUND };
    if (lookup.get(doc.toIssueId)?.type !== 'issue')
      return { path: 'toIssueId', message: RELATED_ISSUE_NOT_FOUND };
    return null;
  },
  reads: (doc) => {
    if (doc.type !== 'relation') return {};
    const ids = [sentString(doc, 'fromIssueId'), sentString(doc, 'toIssueId')];
    return { ids: ids.filter((id): id is string => id !== undefined) };
  },
};
