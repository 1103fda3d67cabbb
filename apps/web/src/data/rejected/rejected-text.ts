import {
  formatIssueKey,
  PRIORITIES,
  workspaceDocSchema,
  type IssueDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import { contentOf } from './same-content.ts';

/**
 * What a refused change said, as text the person can read and copy back: for an edit, only the
 * fields that differ from what the server kept; for something new, all of what was typed.
 */
export type Lookup = (id: string) => WorkspaceDoc | undefined;

function issueKey(id: string | null, lookup: Lookup): string {
  if (!id) return 'none';
  const issue = lookup(id);
  if (issue?.type !== 'issue') return 'an issue';
  const project = lookup(issue.projectId);
  return project?.type === 'project' ? formatIssueKey(project.key, issue.number) : 'an issue';
}

function memberName(userId: string | null, lookup: Lookup): string {
  if (!userId) return 'nobody';
  const member = lookup(`member:${userId}`);
  return member?.type === 'member' ? member.name || member.email : 'a member';
}

function stateName(issue: IssueDoc, lookup: Lookup): string {
  const project = lookup(issue.projectId);
  const state =
    project?.type === 'project' ? project.states.find((s) => s.id === issue.stateId) : undefined;
  return state?.name ?? issue.stateId;
}

function labelNames(ids: readonly string[], lookup: Lookup): string {
  if (ids.length === 0) return 'none';
  return ids
    .map((id) => {
      const label = lookup(id);
      return label?.type === 'label' ? label.name : 'a deleted label';
    })
    .join(', ');
}

const priorityName = (value: number) =>
  PRIORITIES.find((p) => p.value === value)?.name ?? String(value);

/** Each issue field a person edits, with how to say its value. */
const ISSUE_FIELDS: readonly {
  name: string;
  same: (a: IssueDoc, b: IssueDoc) => boolean;
  show: (issue: IssueDoc, lookup: Lookup) => string;
  multiline?: boolean;
}[] = [
  { name: 'Title', same: (a, b) => a.title === b.title, show: (i) => i.title },
  {
    name: 'Description',
    same: (a, b) => a.description === b.description,
    show: (i) => i.description || '(empty)',
    multiline: true,
  },
  { name: 'State', same: (a, b) => a.stateId === b.stateId, show: stateName },
  {
    name: 'Priority',
    same: (a, b) => a.priority === b.priority,
    show: (i) => priorityName(i.priority),
  },
  {
    name: 'Assignee',
    same: (a, b) => a.assigneeId === b.assigneeId,
    show: (i, l) => memberName(i.assigneeId, l),
  },
  {
    name: 'Labels',
    same: (a, b) => [...a.labelIds].sort().join() === [...b.labelIds].sort().join(),
    show: (i, l) => labelNames(i.labelIds, l),
  },
  {
    name: 'Estimate',
    same: (a, b) => a.estimate === b.estimate,
    show: (i) => (i.estimate === null ? 'none' : String(i.estimate)),
  },
  { name: 'Due date', same: (a, b) => a.dueDate === b.dueDate, show: (i) => i.dueDate ?? 'none' },
  {
    name: 'Parent',
    same: (a, b) => a.parentId === b.parentId,
    show: (i, l) => issueKey(i.parentId, l),
  },
];

function line(name: string, value: string, multiline = false): string {
  return multiline ? `${name}:\n${value}` : `${name}: ${value}`;
}

function issueText(mine: IssueDoc, kept: IssueDoc | null, lookup: Lookup): string {
  const fields = kept ? ISSUE_FIELDS.filter((f) => !f.same(mine, kept)) : ISSUE_FIELDS.slice(0, 2);
  // Only the order of sub-issues or subscribers changed: still say what the issue is.
  const shown = fields.length ? fields : ISSUE_FIELDS.slice(0, 1);
  return shown.map((f) => line(f.name, f.show(mine, lookup), f.multiline)).join('\n');
}

// Revisions are not what the person typed, and a replicated copy may carry extra bookkeeping.
const withoutRevisions = (doc: unknown) =>
  typeof doc === 'object' && doc !== null ? contentOf(doc) : doc;

/** The text kept for one refused document: `mine` is the device's, `kept` the server's. */
export function rejectedText(mine: unknown, kept: unknown, lookup: Lookup): string {
  const parsed = workspaceDocSchema.safeParse(withoutRevisions(mine));
  if (!parsed.success) return JSON.stringify(mine, null, 2);
  const doc = parsed.data;
  const server = workspaceDocSchema.safeParse(withoutRevisions(kept));
  const before = server.success && server.data.type === doc.type ? server.data : null;
  switch (doc.type) {
    case 'issue':
      return issueText(doc, before?.type === 'issue' ? before : null, lookup);
    case 'comment':
      return doc.body;
    case 'label':
      return line('Label', `${doc.name} (${doc.color})`);
    case 'project':
      return [line('Project', `${doc.key} ${doc.name}`), doc.description]
        .filter(Boolean)
        .join('\n');
    default:
      return JSON.stringify(mine, null, 2);
  }
}

/** A deletion the server refused: say what was to be deleted. */
export function rejectedDeletionText(kept: unknown, lookup: Lookup): string {
  const parsed = workspaceDocSchema.safeParse(withoutRevisions(kept));
  if (!parsed.success) return 'Delete';
  const doc = parsed.data;
  if (doc.type === 'issue') return `Delete ${issueKey(doc._id, lookup)}: ${doc.title}`;
  if (doc.type === 'comment') return `Delete comment:\n${doc.body}`;
  if (doc.type === 'label') return `Delete label ${doc.name}`;
  if (doc.type === 'project') return `Delete project ${doc.key}`;
  return `Delete a ${doc.type}`;
}
