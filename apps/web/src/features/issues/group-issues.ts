import { STATE_CATEGORIES, type IssueDoc, type ProjectDoc, type WorkflowState } from '@keel/domain';

export interface IssueGroup {
  /** Stable across renders: the state's category and name, so projects sharing a name merge. */
  key: string;
  state: WorkflowState;
  issues: IssueDoc[];
}

/** Newest first: creation time, then the higher number for issues created in the same instant. */
export function compareNewestFirst(a: IssueDoc, b: IssueDoc): number {
  return (
    b.createdAt.localeCompare(a.createdAt) || b.number - a.number || a._id.localeCompare(b._id)
  );
}

const categoryRank = (s: WorkflowState) => STATE_CATEGORIES.indexOf(s.category);

/**
 * Issues grouped by workflow state, in workflow order. Across projects, states with the same
 * category and name form one group (every project starts with the same defaults); groups go by
 * category, then by where the state sits in its project's workflow. Empty groups are left out.
 */
export function groupIssuesByState(
  issues: readonly IssueDoc[],
  projects: ReadonlyMap<string, ProjectDoc>,
): IssueGroup[] {
  const groups = new Map<string, IssueGroup & { position: number }>();
  for (const issue of issues) {
    const project = projects.get(issue.projectId);
    const position = project?.states.findIndex((s) => s.id === issue.stateId) ?? -1;
    const state = project?.states[position] ?? unknownState(issue.stateId);
    const key = `${state.category}:${state.name.toLowerCase()}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, state, issues: [], position: position < 0 ? Infinity : position };
      groups.set(key, group);
    }
    group.position = Math.min(group.position, position < 0 ? Infinity : position);
    group.issues.push(issue);
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        categoryRank(a.state) - categoryRank(b.state) ||
        a.position - b.position ||
        a.state.name.localeCompare(b.state.name),
    )
    .map(({ key, state, issues: members }) => ({
      key,
      state,
      issues: members.sort(compareNewestFirst),
    }));
}

// An issue whose state was removed from its workflow (or whose project has not synced yet) is
// still shown, under its raw state id, rather than silently hidden.
function unknownState(id: string): WorkflowState {
  return { id, name: id, category: 'backlog', color: '#94A3B8' };
}
