import Papa from 'papaparse';
import {
  DOC_TYPES,
  EXPORT_COLUMNS,
  formatIssueKey,
  PRIORITIES,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type ProjectDoc,
} from '@keel/domain';
import type { CouchClient } from '../db/couch-client.ts';
import type { WorkspaceRecord } from '../db/app-store.ts';

/**
 * `GET /api/workspaces/:ws/export`: the workspace as a member sees it, to keep or to move. Two
 * forms: every shared document as JSON (streamed a page at a time, so a workspace of 100,000
 * issues never sits in the server's memory whole), and the issues as CSV with the columns an
 * import reads back (issue-import.ts).
 */
export async function* exportJson(
  couch: CouchClient,
  workspace: WorkspaceRecord,
  now: Date,
): AsyncGenerator<string> {
  const head = {
    format: 'keel-workspace-export',
    version: 1,
    exportedAt: now.toISOString(),
    workspace: { name: workspace.name, slug: workspace.slug },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"documents":[`;
  let first = true;
  // Each member's read marker is theirs alone; everything else any member can read.
  for (const type of DOC_TYPES.filter((t) => t !== 'readMarker'))
    for await (const page of couch.pagesWithPrefix<Record<string, unknown>>(
      workspace.dbName,
      `${type}:`,
    )) {
      const lines = page.map((doc) => {
        const { _rev: _r, _conflicts: _c, ...content } = doc;
        return JSON.stringify(content);
      });
      yield `${first ? '' : ','}\n${lines.join(',\n')}`;
      first = false;
    }
  yield '\n]}\n';
}

/** The workspace's issues as CSV, by project key and number. */
export async function exportCsv(couch: CouchClient, workspace: WorkspaceRecord): Promise<string> {
  const db = workspace.dbName;
  const [projects, members, labels, issues] = await Promise.all([
    couch.docsWithPrefix<ProjectDoc>(db, 'project:'),
    couch.docsWithPrefix<MemberDoc>(db, 'member:'),
    couch.docsWithPrefix<LabelDoc>(db, 'label:'),
    couch.docsWithPrefix<IssueDoc>(db, 'issue:'),
  ]);
  const projectOf = new Map(projects.map((p) => [p._id, p]));
  const emailOf = new Map(members.map((m) => [m.userId, m.email]));
  const labelName = new Map(labels.map((l) => [l._id, l.name]));
  const byId = new Map(issues.map((i) => [i._id, i]));
  const keyOf = (issue: IssueDoc) =>
    formatIssueKey(projectOf.get(issue.projectId)?.key ?? '?', issue.number);
  const sorted = [...issues].sort(
    (a, b) => keyOf(a).localeCompare(keyOf(b), 'en', { numeric: true }) || a.number - b.number,
  );
  const rows = sorted.map((issue) => {
    const parent = issue.parentId ? byId.get(issue.parentId) : undefined;
    return [
      keyOf(issue),
      issue.title,
      issue.description,
      projectOf.get(issue.projectId)?.states.find((s) => s.id === issue.stateId)?.name ?? '',
      PRIORITIES.find((p) => p.value === issue.priority)?.name ?? '',
      issue.assigneeId ? (emailOf.get(issue.assigneeId) ?? '') : '',
      issue.labelIds.flatMap((id) => labelName.get(id) ?? []).join(', '),
      issue.estimate === null ? '' : String(issue.estimate),
      issue.dueDate ?? '',
      parent ? keyOf(parent) : '',
      issue.createdAt,
      issue.updatedAt,
    ];
  });
  // A cell starting with = + - @ would run as a formula in a spreadsheet: it is written with a
  // leading ' instead, which the import takes off again.
  return Papa.unparse({ fields: [...EXPORT_COLUMNS], data: rows }, { escapeFormulae: true });
}

/** The file name a download is saved under: `keel-acme-2026-11-25.csv`. */
export function exportFileName(workspace: WorkspaceRecord, now: Date, extension: string): string {
  return `keel-${workspace.slug}-${now.toISOString().slice(0, 10)}.${extension}`;
}
