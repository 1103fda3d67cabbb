import { useCallback } from 'react';
import { newDocId } from '@keel/domain';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import { editIssue, type IssueEdit } from './edit-issue.ts';

/**
 * Save an edit to one issue: the issue and one activity per changed field, in one write. It
 * always starts from the latest copy in memory so a change that just synced in is not undone.
 */
export function useEditIssue(issueId: string): (edit: IssueEdit) => Promise<WriteOutcome> {
  const session = useWorkspace();
  return useCallback(
    async (edit) => {
      const issue = session.store.get(issueId);
      const project = issue?.type === 'issue' ? session.store.get(issue.projectId) : undefined;
      if (issue?.type !== 'issue' || project?.type !== 'project')
        return { ok: false, message: 'This issue is no longer on this device.', errors: [] };
      const result = editIssue(issue, edit, {
        project,
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      });
      if (!result) return { ok: true };
      return session.write([result.issue, ...result.activities]);
    },
    [session, issueId],
  );
}
