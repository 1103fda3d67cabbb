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
  // Read by ranges: everything written before the export was asked for, once it has settled.
  await couch.settled(workspace.dbName);
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

/**
 * The workspace's issues as CSV, by project key and number, streamed: a first pass keeps only
 * each issue's key (to sort, and to name parents), the second reads the issues again in that
 * order, a page at a time, so the file is never whole in the server's memory.
 */
export async function* exportCsv(
  couch: CouchClient,
  workspace: WorkspaceRecord,
): AsyncGenerator<string> {
  const db = workspace.dbName;
  await couch.settled(workspace.dbName);
  const [projects, members, labels] = await Promise.all([
    couch.docsWithPrefix<ProjectDoc>(db, 'project:'),
    couch.docsWithPrefix<MemberDoc>(db, 'member:'),
    couch.docsWithPrefix<LabelDoc>(db, 'label:'),
  ]);
  const projectOf = new Map(projects.map((p) => [p._id, p]));
  const emailOf = new Map(members.map((m) => [m.userId, m.email]));
  const labelName = new Map(labels.map((l) => [l._id, l.name]));
  const keyOf = (issue: Pick<IssueDoc, 'projectId' | 'number'>) =>
    formatIssueKey(projectOf.get(issue.projectId)?.key ?? '?', issue.number);

  const keys = new Map<string, string>();
  for await (const page of couch.pagesWithPrefix<IssueDoc>(db, 'issue:'))
    for (const issue of page) keys.set(issue._id, keyOf(issue));
  const order = [...keys].sort(([, a], [, b]) => a.localeCompare(b, 'en', { numeric: true }));

  const csv = (data: string[][]) => Papa.unparse(data, { escapeFormulae: FORMULA_OR_QUOTE });
  // Rows are joined by \r\n, each page starting a new line after the one before.
  yield EXPORT_COLUMNS.join(',');
  for (let i = 0; i < order.length; i += EXPORT_PAGE) {
    const ids = order.slice(i, i + EXPORT_PAGE).map(([id]) => id);
    const rows = await couch.allDocs<IssueDoc>(db, { keys: ids, include_docs: true });
    const data = rows.flatMap(({ doc: issue }) =>
      issue
        ? [
            [
              keyOf(issue),
              issue.title,
              issue.description,
              projectOf.get(issue.projectId)?.states.find((s) => s.id === issue.stateId)?.name ??
                '',
              PRIORITIES.find((p) => p.value === issue.priority)?.name ?? '',
              issue.assigneeId ? (emailOf.get(issue.assigneeId) ?? '') : '',
              issue.labelIds.flatMap((id) => labelName.get(id) ?? []).join(', '),
              issue.estimate === null ? '' : String(issue.estimate),
              issue.dueDate ?? '',
              issue.parentId ? (keys.get(issue.parentId) ?? '') : '',
              issue.createdAt,
              issue.updatedAt,
            ],
          ]
        : [],
    );
    if (data.length) yield `\r\n${csv(data)}`;
  }
}

// A cell starting with = + - @ (or a tab or return) would run as a formula in a spreadsheet: it
// is written with a leading ' instead. One that starts with ' gets another, so the import, which
// takes one off, gives back what was there (issue-import.ts).
const FORMULA_OR_QUOTE = /^['=+\-@\t\r]/;

// Issues read per request on the CSV export's second pass.
const EXPORT_PAGE = 1_000;

/** The file name a download is saved under: `keel-acme-2026-11-25.csv`. */
export function exportFileName(workspace: WorkspaceRecord, now: Date, extension: string): string {
  return `keel-${workspace.slug}-${now.toISOString().slice(0, 10)}.${extension}`;
}
