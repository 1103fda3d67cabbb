import type { ReactNode } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useCommand } from '../commands/index.ts';
import { useProjects, useWorkspaceLoaded } from '../../data/use-docs.ts';
import { useSyncStatus } from '../../data/use-sync-status.ts';

export const NO_ISSUES = 'No issues yet';

/**
 * What an empty list says. A device that has not received the workspace yet says so, rather
 * than claiming there is nothing. Those who may create issues are offered New issue; a viewer
 * is told where issues come from instead of a key that does nothing for them.
 */
export function EmptyIssues({
  title = NO_ISSUES,
  hint,
  action,
}: {
  title?: string;
  /** What will be here and how it gets here; the default speaks of creating issues. */
  hint?: string;
  /** Instead of New issue. */
  action?: ReactNode;
}) {
  const loaded = useWorkspaceLoaded();
  const projects = useProjects();
  const status = useSyncStatus();
  const newIssue = useCommand('issue.new');
  if (!loaded) return null;
  if (projects.length === 0 && status.kind === 'syncing')
    return (
      <EmptyState title="Bringing this workspace to this device">
        <p>Issues appear here as soon as they arrive. After that, Keel works offline too.</p>
      </EmptyState>
    );
  const text =
    hint ??
    (newIssue
      ? 'Create the first one with New issue, or press C anywhere.'
      : 'Issues appear here as members of this workspace create them.');
  return (
    <EmptyState
      title={title}
      action={
        action ??
        (newIssue ? (
          <Button size="sm" variant="primary" onClick={newIssue.run}>
            New issue
          </Button>
        ) : null)
      }
    >
      <p>{text}</p>
    </EmptyState>
  );
}
