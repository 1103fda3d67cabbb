// Over 300 lines: one deterministic pass that builds every demo document in the order they
// depend on one another (projects, cycles, milestones, issues with their history); the parts
// that stand alone already live beside it (demo-cycles.ts, demo-milestones.ts).
import { generateNKeysBetween } from 'fractional-indexing';
import {
  dayOfMoment,
  DEFAULT_STATES,
  formatMention,
  isFinishedCategory,
  newActivityDocument,
  newIssueDocument,
  transitionTimes,
  type ActivityDoc,
  type CommentDoc,
  type CycleDoc,
  type MilestoneDoc,
  type IssueDoc,
  type LabelDoc,
  type ProjectDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import { DEMO_CYCLE_SETTINGS, demoCycleOf, demoCycles } from './demo-cycles.ts';
import { demoMilestoneOf, demoMilestones } from './demo-milestones.ts';

/**
 * Realistic demo content for a workspace: projects, labels, issues with Markdown descriptions,
 * comments and activity. Deterministic for a given seed so benchmarks compare like with like.
 */
export interface DemoOptions {
  issues: number;
  commentsPerIssue: number;
  memberIds: string[];
  ownerId: string;
  /** Members who may only read (viewers, SPEC §6): they author, assign and change nothing. */
  viewerIds?: readonly string[];
  /** Names to @mention members by in some comments; none without it. */
  names?: ReadonlyMap<string, string>;
  seed?: number;
  now?: Date;
  /** Weekly cycles per project (the last two planned); none when 0. */
  cyclesPerProject?: number;
  /** Milestones in all, shared out over the projects; none when 0. */
  milestones?: number;
}

export interface DemoData {
  projects: ProjectDoc[];
  cycles: CycleDoc[];
  milestones: MilestoneDoc[];
  labels: LabelDoc[];
  issues: IssueDoc[];
  comments: CommentDoc[];
  activity: ActivityDoc[];
  /** Highest issue number used per project id, for the server's number counters. */
  lastNumber: Map<string, number>;
}

function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast, deterministic, good enough for demo data.
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

const PROJECTS = [
  { key: 'ENG', name: 'Engineering', color: '#5E6AD2' },
  { key: 'DES', name: 'Design', color: '#E5484D' },
  { key: 'MOB', name: 'Mobile', color: '#12A594' },
  { key: 'OPS', name: 'Operations', color: '#F5A524' },
];
const LABELS: [string, string][] = [
  ['Bug', '#E5484D'],
  ['Feature', '#5E6AD2'],
  ['Improvement', '#12A594'],
  ['Performance', '#F5A524'],
  ['Security', '#8E4EC6'],
  ['Accessibility', '#0090FF'],
  ['Docs', '#6E6E6E'],
  ['Tech debt', '#AB6400'],
  ['Design', '#D6409F'],
  ['Onboarding', '#3E9B4F'],
  ['Sync', '#0D74CE'],
  ['Offline', '#6550B9'],
];
const VERBS = [
  'Fix',
  'Add',
  'Improve',
  'Remove',
  'Refactor',
  'Investigate',
  'Speed up',
  'Document',
  'Redesign',
  'Support',
];
const THINGS = [
  'board drag and drop',
  'sign-in redirect',
  'offline sync indicator',
  'issue list filters',
  'command palette',
  'Markdown preview',
  'comment mentions',
  'workspace switcher',
  'dark mode contrast',
  'CSV export',
  'label picker',
  'due date reminders',
  'keyboard shortcuts',
  'search ranking',
  'invite flow',
  'notification inbox',
  'project settings',
  'state transitions',
  'avatar upload',
  'API rate limits',
];
const WHERE = [
  'on Safari',
  'for large workspaces',
  'after reconnecting',
  'on mobile',
  'for viewers',
  'in dark mode',
  'with 10k issues',
  '',
  '',
  '',
];
const SENTENCES = [
  'Seen by several customers this week.',
  'Steps to reproduce are below; it happens about one time in five.',
  'This blocks the release checklist.',
  'We should measure before and after.',
  'The current behaviour surprises new users.',
  'Linear and Plane both handle this gracefully.',
  'Keep the change small and behind the existing setting.',
  'Needs a design review before we build it.',
];
const COMMENTS = [
  'I can reproduce this on the latest build.',
  'Picked this up — should have a fix by tomorrow.',
  'Could we cover this with an end-to-end test?',
  'Looks good to me. Shipping it.',
  'Moved to the next cycle; we ran out of time.',
  'This is related to the sync work from last week.',
  'Added screenshots to the description.',
  'Do we know how many workspaces are affected?',
];
const ESTIMATES = [null, 1, 2, 3, 5, 8] as const;

export function buildDemoData(options: DemoOptions): DemoData {
  const rnd = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const now = (options.now ?? new Date()).getTime();
  const iso = (t: number) => new Date(t).toISOString();
  const viewers = new Set(options.viewerIds ?? []);
  const people = options.memberIds.filter((id) => !viewers.has(id));
  const start = now - 180 * 24 * 3600 * 1000;

  const projects: ProjectDoc[] = PROJECTS.map((p, i) => ({
    _id: `project:demo${p.key.toLowerCase()}`,
    type: 'project',
    key: p.key,
    name: p.name,
    description: `${p.name} work for the demo workspace.`,
    leadId: people[i % people.length]!,
    color: p.color,
    archivedAt: null,
    states: [...DEFAULT_STATES],
    ...(options.cyclesPerProject ? { cycles: DEMO_CYCLE_SETTINGS } : {}),
    createdBy: options.ownerId,
    createdAt: iso(start),
    updatedAt: iso(start),
  }));
  const cyclesOf = new Map(
    projects.map((p) => [p._id, demoCycles(p, options.cyclesPerProject ?? 0, new Date(now))]),
  );
  const milestonesOf = demoMilestones(projects, options.milestones ?? 0, new Date(now));
  const perProject = Math.ceil(options.issues / projects.length);
  const today = dayOfMoment(new Date(now));
  const labels: LabelDoc[] = LABELS.map(([name, color], i) => ({
    _id: `label:demo${i}`,
    type: 'label',
    name,
    color,
    createdBy: options.ownerId,
    createdAt: iso(start),
    updatedAt: iso(start),
  }));

  const issues: IssueDoc[] = [];
  const comments: CommentDoc[] = [];
  const activity: ActivityDoc[] = [];
  const lastNumber = new Map<string, number>();
  const sortKeys = generateNKeysBetween(null, null, options.issues);

  for (let i = 0; i < options.issues; i++) {
    const project = projects[i % projects.length]!;
    const number = (lastNumber.get(project._id) ?? 0) + 1;
    lastNumber.set(project._id, number);
    const created = start + Math.floor(((now - start) * i) / Math.max(options.issues, 1));
    // Hours after the issue was created, but never after the seed runs: the newest issues' later
    // events would otherwise show as "in 7 hours" in the inbox and on the timeline.
    const after = (hours: number) =>
      iso(Math.max(created, Math.min(created + hours * 3600_000, now - 60_000)));
    const author = pick(people);
    const where = pick(WHERE);
    const title = `${pick(VERBS)} ${pick(THINGS)}${where ? ` ${where}` : ''}`;
    const description = `## Context\n\n${pick(SENTENCES)} ${pick(SENTENCES)}\n\n## What to do\n\n- ${pick(SENTENCES)}\n- ${pick(SENTENCES)}\n\n\`ENG-${1 + Math.floor(rnd() * 50)}\` is related.`;
    const issueId = `issue:demo${i.toString(36)}`;
    const base = newIssueDocument({
      id: issueId,
      projectId: project._id,
      states: project.states,
      number,
      title,
      description,
      sortOrder: sortKeys[i]!,
      createdBy: author,
      now: iso(created),
    });
    const state = pick(project.states);
    const moved = after(1 + Math.floor(rnd() * 72));
    const times = transitionTimes(base, state.category, moved);
    if (isFinishedCategory(state.category)) times.startedAt ??= moved;
    const assignee = rnd() < 0.8 ? pick(people) : null;
    const labelIds = [...new Set([pick(labels)._id, ...(rnd() < 0.3 ? [pick(labels)._id] : [])])];
    const issue: IssueDoc = {
      ...base,
      stateId: state.id,
      priority: Math.floor(rnd() * 5),
      assigneeId: assignee,
      labelIds,
      estimate: pick(ESTIMATES),
      dueDate: rnd() < 0.2 ? iso(now + Math.floor(rnd() * 60) * 86_400_000).slice(0, 10) : null,
      subscriberIds: [...new Set([author, ...(assignee ? [assignee] : [])])],
      ...times,
      updatedAt: moved,
    };
    const cycle = demoCycleOf(issue, cyclesOf.get(project._id)!, today, rnd());
    if (cycle) issue.cycleId = cycle._id;
    const ordinal = Math.floor(i / projects.length);
    const milestone = demoMilestoneOf(milestonesOf.get(project._id)!, ordinal, perProject);
    if (milestone) issue.milestoneId = milestone._id;
    issues.push(issue);
    // One activity record of this issue, `suffix` making its id.
    const record = (
      suffix: string,
      actorId: string,
      kind: ActivityDoc['kind'],
      change: { from: ActivityDoc['from']; to: ActivityDoc['to'] },
      at: string,
    ) =>
      activity.push(
        newActivityDocument({
          id: `activity:demo${i.toString(36)}${suffix}`,
          issueId,
          actorId,
          kind,
          ...change,
          now: at,
        }),
      );
    // Added once both the issue and the cycle existed.
    const addedAt = (c: CycleDoc) => (after(0.25) > c.createdAt ? after(0.25) : c.createdAt);
    if (cycle) record('y', author, 'cycle', { from: null, to: cycle._id }, addedAt(cycle));
    if (milestone) record('m', author, 'milestone', { from: null, to: milestone._id }, after(0.3));
    record('c', author, 'created', { from: null, to: null }, iso(created));
    if (state.id !== base.stateId)
      record('s', assignee ?? author, 'state', { from: base.stateId, to: state.id }, moved);
    if (assignee) record('a', author, 'assignee', { from: null, to: assignee }, after(0.5));
    for (let c = 0; c < options.commentsPerIssue; c++) {
      const at = after(2 + c * 5);
      const commenter = pick(people);
      // Now and then a comment asks someone by name: the inbox's "mentioned you".
      const asked = options.names && rnd() < 0.1 ? pick(people) : null;
      const name = asked && asked !== commenter ? options.names?.get(asked) : undefined;
      comments.push({
        _id: `comment:demo${i.toString(36)}x${c}`,
        type: 'comment',
        issueId,
        body: `${pick(COMMENTS)}${name ? ` ${formatMention(name, asked!)}, can you take a look?` : ''}`,
        authorId: commenter,
        editedAt: null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  const cycles = [...cyclesOf.values()].flat();
  const milestones = [...milestonesOf.values()].flat();
  return { projects, cycles, milestones, labels, issues, comments, activity, lastNumber };
}

export function allDocs(data: DemoData): WorkspaceDoc[] {
  return [
    ...data.projects,
    ...data.cycles,
    ...data.milestones,
    ...data.labels,
    ...data.issues,
    ...data.comments,
    ...data.activity,
  ];
}
