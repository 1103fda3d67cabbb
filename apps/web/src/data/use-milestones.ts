import { useMemo } from 'react';
import { milestonesOf, type MilestoneDoc } from '@keel/domain';
import { useDocs } from './use-docs.ts';

/** A project's milestones, in their order. */
export function useProjectMilestones(projectId: string | undefined): readonly MilestoneDoc[] {
  const milestones = useDocs('milestone');
  return useMemo(
    () => (projectId ? milestonesOf(projectId, milestones) : []),
    [milestones, projectId],
  );
}
