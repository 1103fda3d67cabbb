import { cycleDates } from '../../shared/lib/cycle-dates.ts';
import { dayLabel } from '../../shared/lib/day-label.ts';
import {
  cycleLabel,
  estimateLabel,
  estimateValues,
  type EstimateScale,
  openCycles,
  type CycleDoc,
  formatIssueKey,
  labelNameSchema,
  PRIORITIES,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type MilestoneDoc,
  type ProjectDoc,
} from '@keel/domain';

/** Pure helpers that turn workspace documents into the choices of the issue's property fields. */
export const NONE = '';

export const priorityOptions = PRIORITIES.map((p) => ({ value: String(p.value), label: p.name }));

/**
 * The estimates of the issue's project's scale; one it holds from another scale (kept through a
 * change of scale) stays listed, so the field shows it until someone picks another.
 */
export function estimateOptions(scale: EstimateScale, current: number | null) {
  const values = [...estimateValues(scale)];
  if (current !== null && !values.includes(current)) values.push(current);
  return [
    { value: NONE, label: 'No estimate' },
    ...values
      .sort((a, b) => a - b)
      .map((e) => ({ value: String(e), label: estimateLabel(e, scale) })),
  ];
}

export const memberName = (m: MemberDoc) => m.name || m.email;

/** Active members only (SPEC §5), plus "No assignee"; keeps a former assignee visible. */
export function assigneeOptions(members: readonly MemberDoc[], current: string | null) {
  const shown = members
    .filter((m) => m.active || m.userId === current)
    .sort((a, b) => memberName(a).localeCompare(memberName(b)));
  return [
    { value: NONE, label: 'No assignee' },
    ...shown.map((m) => ({ value: m.userId, label: memberName(m), keywords: m.email })),
  ];
}

export function labelOptions(labels: readonly LabelDoc[]) {
  return [...labels]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((l) => ({ value: l._id, label: l.name }));
}

interface ParentOption {
  value: string;
  label: string;
  keywords?: string;
}

// Every issue page offers the whole workspace as parents; at 10,000 issues building and sorting
// that list is the page's biggest cost, so it is built once per version of the issue list.
const parentLists = new WeakMap<
  readonly IssueDoc[],
  { projects: ReadonlyMap<string, ProjectDoc>; options: readonly ParentOption[] }
>();

export const NO_PARENT: ParentOption = { value: NONE, label: 'No parent' };

/** An issue as a choice of parent: key and title, found by its key too. */
export function parentOption(
  issue: IssueDoc,
  projects: ReadonlyMap<string, ProjectDoc>,
): ParentOption {
  const key = formatIssueKey(projects.get(issue.projectId)?.key ?? '?', issue.number);
  return { value: issue._id, label: `${key} ${issue.title}`, keywords: key };
}

/** Every other issue of the workspace by key and title; the domain refuses loops on choice. */
export function parentOptions(
  issueId: string,
  issues: readonly IssueDoc[],
  projects: ReadonlyMap<string, ProjectDoc>,
) {
  let cached = parentLists.get(issues);
  if (!cached || cached.projects !== projects) {
    const keyOf = (i: IssueDoc) => projects.get(i.projectId)?.key ?? '?';
    // By project key, then number: ENG-2 before ENG-10, without a locale-aware comparison per
    // pair (that alone took most of a second at 10,000 issues).
    const sorted = [...issues].sort((a, b) => {
      const ka = keyOf(a);
      const kb = keyOf(b);
      return ka < kb ? -1 : ka > kb ? 1 : a.number - b.number;
    });
    const options = sorted.map((i) => parentOption(i, projects));
    cached = { projects, options };
    parentLists.set(issues, cached);
  }
  return [NO_PARENT, ...cached.options.filter((o) => o.value !== issueId)];
}

/** Toggle one value in a multi-select. */
export function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

const LABEL_COLORS = ['#5E6AD2', '#26B5CE', '#4CB782', '#F2C94C', '#F2994A', '#EB5757', '#BB87FC'];

/**
 * A new label typed into the Labels field: the schema's message when the name is invalid,
 * "already exists" when it clashes ignoring case (SPEC §5), else the fields of the document.
 */
export function newLabelFields(
  raw: string,
  labels: readonly LabelDoc[],
): { ok: true; name: string; color: string } | { ok: false; message: string } {
  const parsed = labelNameSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the label name' };
  const name = parsed.data;
  if (labels.some((l) => l.name.toLowerCase() === name.toLowerCase()))
    return { ok: false, message: `A label named ${name} already exists` };
  const color = LABEL_COLORS[labels.length % LABEL_COLORS.length]!;
  return { ok: true, name, color };
}

/**
 * "No cycle" and the project's cycles still open (the current one and those planned), each
 * with its days; keeps the issue's own cycle visible when it is over.
 */
export function cycleOptions(
  cycles: readonly CycleDoc[],
  current: string | null,
  today: string,
): { value: string; label: string; detail?: string }[] {
  const open = openCycles(cycles, today);
  const own = cycles.find((c) => c._id === current);
  const shown = own && !open.includes(own) ? [own, ...open] : open;
  return [
    { value: NONE, label: 'No cycle' },
    ...shown.map((c) => {
      const now = c.startsOn <= today && today <= c.endsOn;
      return {
        value: c._id,
        label: cycleLabel(c),
        detail: `${cycleDates(c)}${now ? ' · current' : ''}`,
      };
    }),
  ];
}

/**
 * The project's milestones in their order, after "No milestone"; each with its target day. An
 * issue's milestone deleted since is not offered (it reads as none).
 */
export function milestoneOptions(
  milestones: readonly MilestoneDoc[],
  today: string,
): { value: string; label: string; detail?: string }[] {
  return [
    { value: NONE, label: 'No milestone' },
    ...milestones.map((m) => ({
      value: m._id,
      label: m.name,
      ...(m.targetOn ? { detail: `Target ${dayLabel(m.targetOn, today)}` } : {}),
    })),
  ];
}
