import type { IssueEdit, IssueDoc } from '@keel/domain';
import { useCallback } from 'react';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { editedFields, offerUndoOfEdits } from '../undo/index.ts';
import { saveIssueEdits } from '../../data/save-issue-edits.ts';

/**
 * An edit, or what to edit given the issue as it is when the write runs (null: nothing), for a
 * change made relative to the text, like ticking one task box of the description: two quick
 * ticks then both land.
 */
export type IssueEditOf = IssueEdit | ((latest: IssueDoc) => IssueEdit | null);

export type EditIssueById = (issueId: string, edit: IssueEditOf) => Promise<WriteOutcome>;

/**
 * Save an edit to one issue: the issue and one activity per changed field. It always starts
 * from the latest copy in memory, so a change that just synced in, or the previous quick edit,
 * is not undone. A saved change can be undone (Ctrl/Cmd+Z, or its toast's Undo).
 */
export function useEditIssue(issueId: string): (edit: IssueEditOf) => Promise<WriteOutcome> {
  const edit = useEditIssueById();
  return useCallback((changes) => edit(issueId, changes), [edit, issueId]);
}

/** The same save for any issue, named when it runs: one function for a whole list of rows. */
export function useEditIssueById(): EditIssueById {
  const session = useWorkspace();
  return useCallback(
    async (issueId, edit) => {
      const { outcome, changed } = await saveIssueEdits(session, [issueId], (latest) =>
        typeof edit === 'function' ? edit(latest) : edit,
      );
      const [one] = changed;
      if (one)
        offerUndoOfEdits(session, `Changed ${editedFields(one.made)} of ${one.key}`, changed);
      return outcome;
    },
    [session],
  );
}
