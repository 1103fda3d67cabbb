import { errorMessage, formatIssueKey, isErrorCode, type WorkspaceDoc } from '@keel/domain';
import type { Denial } from './replica-types.ts';

/**
 * What the server said, in the user's words. The reason may be "<CODE>: <message>", or the
 * catalogue message followed by the specific one ("Check the highlighted fields. Title is
 * required"); the specific part is the useful one.
 */
export function rejectionReason(reason: string, code?: string): string {
  let message = /^[A-Z_]+:\s*(.*)$/s.exec(reason)?.[1] ?? reason;
  if (code && isErrorCode(code)) {
    const title = errorMessage(code);
    if (message.startsWith(`${title} `)) message = message.slice(title.length + 1);
  }
  return message.trim().replace(/\.$/, '') || 'the server refused it';
}

/** What a change refers to in the user's words: an issue key, else the kind of thing. */
export function changeSubject(
  id: string,
  lookup: (id: string) => WorkspaceDoc | undefined,
): string {
  const doc = lookup(id);
  const issueId =
    doc?.type === 'issue'
      ? doc._id
      : doc?.type === 'activity' || doc?.type === 'comment'
        ? doc.issueId
        : null;
  const issue = issueId ? lookup(issueId) : undefined;
  if (issue?.type === 'issue') {
    const project = lookup(issue.projectId);
    if (project?.type === 'project') return formatIssueKey(project.key, issue.number);
  }
  if (doc?.type === 'project') return `project ${doc.key}`;
  if (doc?.type === 'label') return `label ${doc.name}`;
  return doc ? `a ${doc.type}` : 'a document';
}

export function syncRejectedMessage(
  denial: Denial,
  lookup: (id: string) => WorkspaceDoc | undefined,
): string {
  return errorMessage('SYNC_REJECTED', {
    key: changeSubject(denial.id, lookup),
    reason: rejectionReason(denial.reason, denial.code),
  });
}
