import { useCallback } from 'react';
import { newDocId } from '@keel/domain';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import { editIssue, type IssueEdit } from './edit-issue.ts';
import { issueEditProblem } from './edit-issue-rules.ts';

export type EditIssueById = (issueId: string, edit: IssueEdit) => Promise<WriteOutcome>;

/**
 * Save an edit to one issue: the issue and one activity per changed field. It always starts
 * from the latest copy in memory, so a change that just synced in, or the previous quick edit,
 * is not undone.
 */
export function useEditIssue(issueId: string): (edit: IssueEdit) => Promise<WriteOutcome> {
  const edit = useEditIssueById();
  return useCallback((changes) => edit(issueId, changes), [edit, issueId]);
}

/** The same save for any issue, named when it runs: one function for a whole list of rows. */
export function useEditIssueById(): EditIssueById {
  const session = useWorkspace();
  return useCallback(
    async (issueId, edit) => {
      let missing = false;
      let problem: ReturnType<typeof issueEditProblem> = null;
      const outcome = await session.update(() => {
        // Runs when earlier writes have landed, so this is the latest revision of the issue.
        const issue = session.store.get(issueId);
        const project = issue?.type === 'issue' ? session.store.get(issue.projectId) : undefined;
        missing = issue?.type !== 'issue' || project?.type !== 'project';
        if (issue?.type !== 'issue' || project?.type !== 'project') return null;
        // Checked against the latest workspace, so a label deleted meanwhile is caught here.
        problem = issueEditProblem(issue, edit, {
          issues: session.store.list('issue'),
          labels: session.store.list('label'),
          members: session.store.list('member'),
        });
        if (problem) return null;
        const result = editIssue(issue, edit, {
          project,
          actorId: session.userId,
          now: new Date().toISOString(),
          newActivityId: () => newDocId('activity'),
        });
        return result ? [result.issue, ...result.activities] : null;
      });
      if (missing)
        return { ok: false, message: 'This issue is no longer on this device.', errors: [] };
      if (problem) {
        const { field, message } = problem as { field: string; message: string };
        return { ok: false, message, errors: [{ path: field, message }] };
      }
      return outcome;
    },
    [session],
  );
}
