import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useProjects, useWorkspaceLoaded } from '../sync/use-docs.ts';
import { useSyncStatus } from '../sync/use-sync-status.ts';

export const NO_ISSUES = 'No issues yet — press C or New issue to create one';

/**
 * What an empty list says. A device that has not received the workspace yet says so, rather
 * than claiming there is nothing.
 */
export function EmptyIssues({ title = NO_ISSUES, hint }: { title?: string; hint?: string }) {
  const loaded = useWorkspaceLoaded();
  const projects = useProjects();
  const status = useSyncStatus();
  if (!loaded) return null;
  if (projects.length === 0 && status.kind === 'syncing')
    return (
      <EmptyState title="Bringing this workspace to this device">
        <p>Issues appear here as soon as they arrive. After that, Keel works offline too.</p>
      </EmptyState>
    );
  return <EmptyState title={title}>{hint ? <p>{hint}</p> : null}</EmptyState>;
}
