import {
  ESTIMATES,
  formatIssueKey,
  labelNameSchema,
  PRIORITIES,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type ProjectDoc,
} from '@keel/domain';

/** Pure helpers that turn workspace documents into the choices of the issue's property fields. */
export const NONE = '';

export const priorityOptions = PRIORITIES.map((p) => ({ value: String(p.value), label: p.name }));

export const estimateOptions = [
  { value: NONE, label: 'No estimate' },
  ...ESTIMATES.map((e) => ({ value: String(e), label: `${e} point${e === 1 ? '' : 's'}` })),
];

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

/** Every other issue of the workspace by key and title; the domain refuses loops on choice. */
export function parentOptions(
  issue: IssueDoc,
  issues: readonly IssueDoc[],
  projects: ReadonlyMap<string, ProjectDoc>,
) {
  const options = issues
    .filter((i) => i._id !== issue._id)
    .map((i) => {
      const key = formatIssueKey(projects.get(i.projectId)?.key ?? '?', i.number);
      return { value: i._id, label: `${key} ${i.title}`, keywords: key };
    })
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  return [{ value: NONE, label: 'No parent' }, ...options];
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
