import { useCallback } from 'react';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { toggleTask } from '../markdown/index.ts';
import type { IssueEditOf } from './use-edit-issue.ts';

/**
 * Tick or untick task box `index` of the issue's description: an edit of the description as it
 * is when the write runs, so two quick ticks both land; undone like any edit. False when the
 * box is not there any more (the text changed meanwhile) or the edit was refused.
 */
export function useToggleTask(
  save: (edit: IssueEditOf) => Promise<WriteOutcome>,
): (index: number, checked: boolean) => Promise<boolean> {
  return useCallback(
    async (index, checked) => {
      let found = false;
      const outcome = await save((latest) => {
        const description = toggleTask(latest.description, index, checked);
        found = description !== null;
        return description === null || description === latest.description ? null : { description };
      });
      return outcome.ok && found;
    },
    [save],
  );
}
