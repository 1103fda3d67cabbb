import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { WorkspaceSummary } from '@keel/domain';
import { showToast } from '../../shared/ui/toast-store.ts';
import { workspaceGoneToastKey } from '../../data/removal/removed-replicas.ts';
import { wasExpected } from './departures.ts';

/**
 * A workspace that was on screen and is no longer in /api/me (removed, or deleted by its owner,
 * noticed on the next load or when the replication proxy answers 404) sends the user home with
 * a message, instead of a bare "not found" over a replica they can no longer sync.
 */
export function useLostWorkspace(
  slug: string | undefined,
  workspace: WorkspaceSummary | undefined,
) {
  const navigate = useNavigate();
  const shown = useRef<WorkspaceSummary | null>(null);
  useEffect(() => {
    if (workspace) {
      shown.current = workspace;
      return;
    }
    const lost = shown.current;
    shown.current = null;
    if (!lost || lost.slug !== slug || wasExpected(lost.slug)) return;
    // The device clean-up says more (its copy removed, changes kept): if it spoke first, this
    // says nothing; if it speaks later, it takes this one's place.
    showToast(
      `You no longer have access to ${lost.name}. It was removed from your workspaces.`,
      'info',
      { key: workspaceGoneToastKey(lost.slug), tentative: true },
    );
    navigate('/', { replace: true });
  }, [slug, workspace, navigate]);
}
