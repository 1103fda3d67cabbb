import { useCallback } from 'react';
import { newDocId, type IssueDoc } from '@keel/domain';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { editedIssues, offerUndoOfEdits } from '../undo/index.ts';
import { moveCard, neighboursAt, sortKeyBetween } from './move-card.ts';

export interface Drop {
  issueId: string;
  stateId: string;
  /** The target column as shown, sorted by sortOrder. */
  column: readonly IssueDoc[];
  /** Index in `column` of the card dropped on, or null for the column's empty space. */
  overIndex: number | null;
  /** How many of the column's cards are shown (the rest wait behind "Show more"). */
  shown: number;
}

/** Save a drop: new sort key from the neighbours, and the state change when it changed column. */
export function useMoveCard(): (drop: Drop) => Promise<void> {
  const session = useWorkspace();
  return useCallback(
    async ({ issueId, stateId, column, overIndex, shown }) => {
      const { before, after } = neighboursAt(column, issueId, overIndex, shown);
      const sortOrder = sortKeyBetween(before?.sortOrder ?? null, after?.sortOrder ?? null);
      let changed: ReturnType<typeof editedIssues> = [];
      let stateName: string | undefined;
      const outcome = await session.update(() => {
        // The latest copy, so an edit that synced in meanwhile is kept.
        const issue = session.store.get(issueId);
        const project = issue?.type === 'issue' ? session.store.get(issue.projectId) : undefined;
        if (issue?.type !== 'issue' || project?.type !== 'project') return null;
        const docs = moveCard(
          issue,
          { stateId, sortOrder },
          {
            project,
            actorId: session.userId,
            now: new Date().toISOString(),
            newActivityId: () => newDocId('activity'),
          },
        );
        changed = docs ? editedIssues([issue], docs, () => project) : [];
        stateName = project.states.find((s) => s.id === stateId && s.id !== issue.stateId)?.name;
        return docs;
      });
      if (!outcome.ok) showToast(outcome.message, 'error');
      const [moved] = changed;
      if (moved)
        offerUndoOfEdits(
          session,
          stateName ? `Moved ${moved.key} to ${stateName}` : `Moved ${moved.key}`,
          changed,
        );
    },
    [session],
  );
}
