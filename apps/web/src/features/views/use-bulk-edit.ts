import { useCallback } from 'react';
import { newDocId, type IssueDoc, type ProjectDoc } from '@keel/domain';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { editedFields, editedIssues, offerUndoOfEdits } from '../undo/index.ts';
import { bulkEdit, type BulkChange } from './bulk-edit.ts';

/**
 * Apply one change to every selected issue in one bulk write. It reads the latest copy of each
 * issue when the write runs, so a change that synced in meanwhile is built upon, not undone.
 */
export function useBulkEdit(): (ids: readonly string[], change: BulkChange) => Promise<boolean> {
  const session = useWorkspace();
  return useCallback(
    async (ids, change) => {
      let skipped = 0;
      let changed: ReturnType<typeof editedIssues> = [];
      const outcome = await session.update(() => {
        const issues: IssueDoc[] = [];
        const projects = new Map<string, ProjectDoc>();
        for (const id of ids) {
          const issue = session.store.get(id);
          if (issue?.type !== 'issue') continue;
          issues.push(issue);
          const project = session.store.get(issue.projectId);
          if (project?.type === 'project') projects.set(project._id, project);
        }
        const cycle =
          change.field === 'cycle' && change.cycleId
            ? session.store.get(change.cycleId)
            : undefined;
        const milestone =
          change.field === 'milestone' && change.milestoneId
            ? session.store.get(change.milestoneId)
            : undefined;
        const result = bulkEdit(issues, change, {
          projects,
          cycle: cycle?.type === 'cycle' ? cycle : undefined,
          milestone: milestone?.type === 'milestone' ? milestone : undefined,
          actorId: session.userId,
          now: new Date().toISOString(),
          newActivityId: () => newDocId('activity'),
        });
        skipped = result.skipped;
        changed = editedIssues(issues, result.docs, (id) => projects.get(id));
        return result.docs.length ? result.docs : null;
      });
      if (!outcome.ok) {
        showToast(outcome.message, 'error');
        return false;
      }
      const [first] = changed;
      if (first)
        offerUndoOfEdits(
          session,
          changed.length === 1
            ? `Changed ${editedFields(first.made)} of ${first.key}`
            : `Changed ${editedFields(first.made)} of ${changed.length} issues`,
          changed,
        );
      if (skipped)
        showToast(
          `${skipped} ${skipped === 1 ? 'issue was' : 'issues were'} left as they were: the change doesn't fit them.`,
          'info',
        );
      return true;
    },
    [session],
  );
}
