import { errorMessage, formatIssueKey, type WorkspaceDoc } from '@keel/domain';

/** The server's reason comes as "<CODE>: <message>"; the user reads only the message. */
export function rejectionReason(reason: string): string {
  const message = /^[A-Z_]+:\s*(.*)$/s.exec(reason)?.[1] ?? reason;
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
  denial: { id: string; reason: string },
  lookup: (id: string) => WorkspaceDoc | undefined,
): string {
  return errorMessage('SYNC_REJECTED', {
    key: changeSubject(denial.id, lookup),
    reason: rejectionReason(denial.reason),
  });
}
