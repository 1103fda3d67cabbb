import type {
  CycleDoc,
  IssueDoc,
  LabelDoc,
  MemberDoc,
  MilestoneDoc,
  ProjectDoc,
} from './documents.ts';
import { cycleLabel } from './cycles.ts';
import { byCodeUnits, titleCollator } from './compare-text.ts';
import { priorityRank, type GroupBy } from './issue-query.ts';
import { STATE_CATEGORIES, type WorkflowState } from './workflow.ts';

/**
 * Issues in groups for a view (SPEC §2): by state, priority, assignee, label, project, cycle or
 * milestone.
 */
export interface IssueGroup {
  /** Stable across renders and unique in the result. */
  key: string;
  title: string;
  /** Set when grouping by state: the state whose icon the header shows. */
  state?: WorkflowState;
  /** Set when grouping by priority. */
  priority?: number;
  /** Set when grouping by label or project. */
  color?: string;
  issues: IssueDoc[];
}

export interface GroupContext {
  projects: ReadonlyMap<string, ProjectDoc>;
  members: ReadonlyMap<string, MemberDoc>;
  labels: ReadonlyMap<string, LabelDoc>;
  /** For grouping by cycle; without it, cycles are named by id. */
  cycles?: ReadonlyMap<string, CycleDoc>;
  /** For grouping by milestone; an issue's milestone missing from it reads as none. */
  milestones?: ReadonlyMap<string, MilestoneDoc>;
}

export const PRIORITY_NAMES = ['No priority', 'Urgent', 'High', 'Medium', 'Low'] as const;

interface Bucket extends IssueGroup {
  rank: readonly (number | string)[];
}

function compareRank(a: Bucket, b: Bucket): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const x = a.rank[i] ?? '';
    const y = b.rank[i] ?? '';
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return titleCollator.compare(String(x), String(y));
  }
  return byCodeUnits(a.key, b.key);
}

// An issue whose state was removed from its workflow (or whose project has not synced yet) is
// still shown, under its raw state id, rather than silently hidden.
function unknownState(id: string): WorkflowState {
  return { id, name: id, category: 'backlog', color: '#94A3B8' };
}

type Placement = Omit<Bucket, 'issues'>;

function placements(issue: IssueDoc, groupBy: GroupBy, ctx: GroupContext): Placement[] {
  switch (groupBy) {
    case 'state': {
      const project = ctx.projects.get(issue.projectId);
      const position = project?.states.findIndex((s) => s.id === issue.stateId) ?? -1;
      const state = project?.states[position] ?? unknownState(issue.stateId);
      // Across projects, states with the same category and name form one group.
      const key = `state:${state.category}:${state.name.toLowerCase()}`;
      const rank = [STATE_CATEGORIES.indexOf(state.category), position < 0 ? 99 : position];
      return [{ key, title: state.name, state, rank }];
    }
    case 'priority':
      return [
        {
          key: `priority:${issue.priority}`,
          title: PRIORITY_NAMES[issue.priority] ?? String(issue.priority),
          priority: issue.priority,
          rank: [priorityRank(issue.priority)],
        },
      ];
    case 'assignee': {
      if (!issue.assigneeId) return [{ key: 'assignee:none', title: 'No assignee', rank: [1] }];
      const member = ctx.members.get(issue.assigneeId);
      const title = member ? member.name || member.email : issue.assigneeId;
      return [{ key: `assignee:${issue.assigneeId}`, title, rank: [0, title] }];
    }
    case 'label': {
      if (issue.labelIds.length === 0) return [{ key: 'label:none', title: 'No label', rank: [1] }];
      // An issue with several labels shows under each of them, as in Linear.
      return issue.labelIds.map((id) => {
        const label = ctx.labels.get(id);
        const title = label?.name ?? id;
        return { key: `label:${id}`, title, color: label?.color, rank: [0, title] };
      });
    }
    case 'project': {
      const project = ctx.projects.get(issue.projectId);
      const title = project?.name ?? issue.projectId;
      return [
        {
          key: `project:${issue.projectId}`,
          title,
          color: project?.color,
          rank: [project?.createdAt ?? '~', title],
        },
      ];
    }
    case 'milestone': {
      const milestone = issue.milestoneId ? ctx.milestones?.get(issue.milestoneId) : undefined;
      if (!milestone) return [{ key: 'milestone:none', title: 'No milestone', rank: [1] }];
      // A project's milestones in their order; names are per project, so the key says whose.
      const key = ctx.projects.get(milestone.projectId)?.key ?? '?';
      return [
        {
          key: milestone._id,
          title: `${key} · ${milestone.name}`,
          rank: [0, key, milestone.sortOrder, milestone._id],
        },
      ];
    }
    case 'cycle': {
      if (!issue.cycleId) return [{ key: 'cycle:none', title: 'No cycle', rank: [1] }];
      const cycle = ctx.cycles?.get(issue.cycleId);
      const project = ctx.projects.get(issue.projectId);
      // Cycle numbers are per project: across projects, the key says whose.
      const title = cycle ? `${project?.key ?? '?'} · ${cycleLabel(cycle)}` : issue.cycleId;
      return [{ key: `cycle:${issue.cycleId}`, title, rank: [0, cycle?.startsOn ?? '~', title] }];
    }
    case 'none':
      return [{ key: 'all', title: 'All issues', rank: [0] }];
  }
}

/**
 * Issues in groups, in the grouping's natural order (workflow order, urgent first, names A–Z,
 * "none" last). Issues keep their input order inside each group, so sort first, then group.
 * Empty groups are left out.
 */
export function groupIssues(
  issues: readonly IssueDoc[],
  groupBy: GroupBy,
  ctx: GroupContext,
): IssueGroup[] {
  const buckets = new Map<string, Bucket>();
  for (const issue of issues) {
    for (const place of placements(issue, groupBy, ctx)) {
      let bucket = buckets.get(place.key);
      if (!bucket) {
        bucket = { ...place, issues: [] };
        buckets.set(place.key, bucket);
      } else if (compareRank(place as Bucket, bucket) < 0) {
        // Across projects the same state can sit at different positions; the earliest wins.
        bucket.rank = place.rank;
      }
      bucket.issues.push(issue);
    }
  }
  return [...buckets.values()].sort(compareRank).map(({ rank: _rank, ...group }) => group);
}
