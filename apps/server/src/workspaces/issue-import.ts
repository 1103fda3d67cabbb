import Papa from 'papaparse';
import {
  can,
  estimateScaleOf,
  labelNameKey,
  newActivityDocument,
  newDocId,
  newIssueDocument,
  readImportRows,
  transitionTimes,
  type ImportIssuesBody,
  type ImportIssuesResponse,
  type LabelDoc,
  type MemberDoc,
} from '@keel/domain';
import type { IssueIndex } from './issue-index.ts';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import type { WorkspaceAccess } from './access.ts';
import {
  checkWorkspaceRoom,
  importTarget,
  labelsToMake,
  projectPlace,
  numberAndWrite,
} from './import-writes.ts';

/**
 * `POST /api/workspaces/:ws/import` (for whoever may create issues, checked by the route's
 * workspace scope): issues from a CSV file into one project, all or nothing.
 * The file's cells are read by the domain's rules (`readImportRows`); the issues are numbered
 * from the project's counter like any other, created by the importer with one "created"
 * activity each, and put on top of the project's manual order in the file's order. Labels the
 * file names that the workspace lacks are created with them. Members' devices pull it all like
 * any other change.
 */
export async function importIssues(
  store: AppStore,
  access: WorkspaceAccess,
  body: ImportIssuesBody,
  context: { now: () => Date; requestId: string; issueIndex: IssueIndex },
): Promise<ImportIssuesResponse> {
  const db = access.workspace.dbName;
  const couch = store.couch;
  const project = await importTarget(couch, db, body.projectId);

  // Comma-separated, as Keel's export writes it: a guessed delimiter would cut "Fix a; b" short.
  const parsed = Papa.parse<string[]>(body.csv.replace(/^\uFEFF/, ''), { delimiter: ',' });
  const unclosed = parsed.errors.find((e) => e.type === 'Quotes');
  if (unclosed)
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        {
          path: unclosed.row === undefined ? 'csv' : `row ${unclosed.row + 1}`,
          message: 'A quoted cell is not closed: everything after its quote would be one cell',
        },
      ],
    });
  // Members and labels are read by ranges: once what was written before the import has settled,
  // so a label made a moment ago through another instance is used, not made twice.
  await couch.settled(db);
  const [members, labels] = await Promise.all([
    couch.docsWithPrefix<MemberDoc>(db, 'member:'),
    couch.docsWithPrefix<LabelDoc>(db, 'label:'),
  ]);
  const { issueCount, firstOrder } = await projectPlace(context.issueIndex, db, project._id);
  const rows = parsed.data.map((row) => row.map(unescapeFormula));
  const read = readImportRows(rows, {
    states: project.states,
    estimateScale: estimateScaleOf(project),
    members,
    labels,
  });
  if (!read.ok) throw new AppError('VALIDATION_FAILED', { errors: read.errors });
  if (read.newLabels.length && !can(access.role, 'label:create')) throw new AppError('FORBIDDEN');
  checkWorkspaceRoom(issueCount, read.issues.length, 'csv');
  const answer = {
    issues: read.issues.length,
    newLabels: read.newLabels,
    ignoredColumns: read.ignoredColumns,
  };
  if (body.dryRun) return { dryRun: true, ...answer };

  const at = context.now().toISOString();
  const { current, known, labelDocs } = await labelsToMake(couch, db, read.newLabels, {
    userId: access.userId,
    at,
  });
  const keys = await numberAndWrite(
    store,
    access,
    { project, firstOrder, count: read.issues.length },
    ({ number, sortOrder }, i) => {
      const row = read.issues[i]!;
      const base = newIssueDocument({
        id: newDocId('issue'),
        projectId: project._id,
        states: project.states,
        number,
        title: row.title,
        description: row.description,
        sortOrder,
        createdBy: access.userId,
        now: at,
      });
      const category = project.states.find((s) => s.id === row.stateId)!.category;
      return [
        {
          ...base,
          ...transitionTimes(base, category, at),
          stateId: row.stateId,
          priority: row.priority,
          assigneeId: row.assigneeId,
          labelIds: row.labels.map((l) => known.get(labelNameKey(l.name))!),
          estimate: row.estimate,
          dueDate: row.dueDate,
        },
        newActivityDocument({
          id: newDocId('activity'),
          issueId: base._id,
          actorId: access.userId,
          kind: 'created',
          from: null,
          to: null,
          now: at,
        }),
      ];
    },
    { labelDocs, before: [...members, ...current], requestId: context.requestId },
  );
  return { dryRun: false, ...answer, ...keys };
}

/**
 * Keel's CSV export writes a cell starting with = + - @ as '=…, so no spreadsheet runs it, and
 * one starting with ' as ''…: one ' comes off again.
 */
const unescapeFormula = (cell: string) => (/^'['=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
