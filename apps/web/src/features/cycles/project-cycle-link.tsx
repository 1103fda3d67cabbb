import { NavLink } from 'react-router';
import { currentCycle, cycleLabel, dayOfMoment, type ProjectDoc } from '@keel/domain';
import { useProjectCycles } from '../../data/use-docs.ts';

/**
 * Under a project in the sidebar, while its cycles are on: its current cycle, or its cycles when
 * none is current.
 */
export function ProjectCycleLink({ project, base }: { project: ProjectDoc; base: string }) {
  const cycles = useProjectCycles(project._id);
  if (!project.cycles?.enabled) return null;
  const current = currentCycle(cycles, dayOfMoment(new Date()));
  const to = `${base}/projects/${project.key}/cycles`;
  return (
    <NavLink
      to={current ? `${to}/${current.number}` : to}
      end
      className="sidebar__cycle"
      aria-label={current ? `${project.name}: current cycle, ${cycleLabel(current)}` : undefined}
    >
      {current ? cycleLabel(current) : 'Cycles'}
    </NavLink>
  );
}
