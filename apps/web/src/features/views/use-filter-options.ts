import { useMemo } from 'react';
import {
  cycleLabel,
  milestonesOf,
  NO_CYCLE,
  NO_MILESTONE,
  PRIORITY_NAMES,
  UNASSIGNED,
  type IssueFilter,
  type ProjectDoc,
} from '@keel/domain';
import { useDocs, useMembers, useProjects } from '../../data/use-docs.ts';
import { useLabelMap } from './use-view-groups.ts';

export type FilterField = Exclude<keyof IssueFilter, 'text'>;

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSection {
  field: FilterField;
  /** Singular name, as the chip says it: "State is Todo or Done". */
  name: string;
  options: FilterOption[];
}

/**
 * What each filter can be set to, from the documents on this device: the states of the
 * projects in view, members, labels, the cycles and milestones of the projects in view, and
 * projects. On a project's page the project filter is
 * left out (the page already is that filter).
 */
export function useFilterOptions(project: ProjectDoc | undefined): FilterSection[] {
  const projects = useProjects();
  const members = useMembers();
  const labels = useLabelMap();
  const cycles = useDocs('cycle');
  const milestones = useDocs('milestone');
  return useMemo(() => {
    const inView = project ? [project] : projects;
    const states = new Map<string, string>();
    for (const p of inView)
      for (const s of p.states) if (!states.has(s.id)) states.set(s.id, s.name);
    const sections: FilterSection[] = [
      {
        field: 'stateIds',
        name: 'State',
        options: [...states].map(([value, label]) => ({ value, label })),
      },
      {
        field: 'priorities',
        name: 'Priority',
        options: [1, 2, 3, 4, 0].map((p) => ({ value: String(p), label: PRIORITY_NAMES[p]! })),
      },
      {
        field: 'assigneeIds',
        name: 'Assignee',
        options: [
          { value: UNASSIGNED, label: 'No assignee' },
          ...members
            .filter((m) => m.active)
            .map((m) => ({ value: m.userId, label: m.name || m.email }))
            .sort((a, b) => a.label.localeCompare(b.label)),
        ],
      },
      {
        field: 'labelIds',
        name: 'Label',
        options: [...labels.values()]
          .map((l) => ({ value: l._id, label: l.name }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      },
    ];
    // Cycles of the projects in view that use them, newest first; across projects, with the key.
    const withCycles = new Map(inView.filter((p) => p.cycles?.enabled).map((p) => [p._id, p]));
    if (withCycles.size)
      sections.push({
        field: 'cycleIds',
        name: 'Cycle',
        options: [
          { value: NO_CYCLE, label: 'No cycle' },
          ...cycles
            .filter((c) => withCycles.has(c.projectId))
            .sort((a, b) => b.startsOn.localeCompare(a.startsOn) || a.number - b.number)
            .map((c) => ({
              value: c._id,
              label: project
                ? cycleLabel(c)
                : `${withCycles.get(c.projectId)!.key} · ${cycleLabel(c)}`,
            })),
        ],
      });
    // Milestones of the projects in view that have some, each project's in their order.
    const withMilestones = inView
      .map((p) => ({ project: p, list: milestonesOf(p._id, milestones) }))
      .filter(({ list }) => list.length > 0);
    if (withMilestones.length)
      sections.push({
        field: 'milestoneIds',
        name: 'Milestone',
        options: [
          { value: NO_MILESTONE, label: 'No milestone' },
          ...withMilestones.flatMap(({ project: p, list }) =>
            list.map((m) => ({ value: m._id, label: project ? m.name : `${p.key} · ${m.name}` })),
          ),
        ],
      });
    sections.push({
      field: 'relations',
      name: 'Relation',
      options: [
        { value: 'blocked', label: 'Blocked' },
        { value: 'blocking', label: 'Blocking' },
      ],
    });
    if (!project)
      sections.push({
        field: 'projectIds',
        name: 'Project',
        options: projects.map((p) => ({ value: p._id, label: p.name })),
      });
    return sections;
  }, [project, projects, members, labels, cycles, milestones]);
}

/** The filter's values of one field, as strings (priorities are numbers in the filter). */
export function fieldValues(filter: IssueFilter, field: FilterField): string[] {
  return (filter[field] as readonly (string | number)[]).map(String);
}

export function withFieldValues(
  filter: IssueFilter,
  field: FilterField,
  values: readonly string[],
): IssueFilter {
  return { ...filter, [field]: field === 'priorities' ? values.map(Number) : [...values] };
}
