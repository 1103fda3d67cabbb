import { generateNKeysBetween } from 'fractional-indexing';
import Papa from 'papaparse';
import {
  can,
  checkDocumentWrite,
  COLOR_PALETTE,
  formatIssueKey,
  LIMITS,
  newActivityDocument,
  newDocId,
  newIssueDocument,
  readImportRows,
  transitionTimes,
  type ImportIssuesBody,
  type ImportIssuesResponse,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type ProjectDoc,
  type Role,
  type WorkspaceDoc,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import type { WorkspaceAccess } from './access.ts';

/**
 * `POST /api/workspaces/:ws/import`: issues from a CSV file into one project, all or nothing.
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
  now: () => Date = () => new Date(),
): Promise<ImportIssuesResponse> {
  if (!can(access.role, 'issue:create')) throw new AppError('FORBIDDEN');
  const db = access.workspace.dbName;
  const couch = store.couch;
  const project = /^project:[A-Za-z0-9_-]{1,64}$/.test(body.projectId)
    ? await couch.getDoc<ProjectDoc & { _rev: string }>(db, body.projectId)
    : null;
  if (project?.type !== 'project' || project.archivedAt)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'projectId', message: 'Choose a project of this workspace' }],
    });

  const parsed = Papa.parse<string[]>(body.csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const [members, labels, issues] = await Promise.all([
    couch.docsWithPrefix<MemberDoc>(db, 'member:'),
    couch.docsWithPrefix<LabelDoc>(db, 'label:'),
    couch.docsWithPrefix<IssueDoc>(db, 'issue:'),
  ]);
  const rows = parsed.data.map((row) => row.map(unescapeFormula));
  const read = readImportRows(rows, { states: project.states, members, labels });
  if (!read.ok) throw new AppError('VALIDATION_FAILED', { errors: read.errors });
  if (read.newLabels.length && !can(access.role, 'label:create')) throw new AppError('FORBIDDEN');
  if (issues.length + read.issues.length > LIMITS.issuesPerWorkspace)
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        {
          path: 'csv',
          message: `A workspace can hold at most ${LIMITS.issuesPerWorkspace.toLocaleString('en')} issues`,
        },
      ],
    });
  const answer = {
    issues: read.issues.length,
    newLabels: read.newLabels,
    ignoredColumns: read.ignoredColumns,
  };
  if (body.dryRun) return { dryRun: true, ...answer };

  const at = now().toISOString();
  const labelDocs: LabelDoc[] = read.newLabels.map((name, i) => ({
    _id: newDocId('label'),
    type: 'label',
    name,
    color: COLOR_PALETTE[(labels.length + i) % COLOR_PALETTE.length]!,
    createdBy: access.userId,
    createdAt: at,
    updatedAt: at,
  }));
  const labelIds = new Map([...labels, ...labelDocs].map((l) => [l.name.toLowerCase(), l._id]));
  const workspaceId = access.workspace._id.slice('workspace:'.length);
  const block = await store.reserveNumbers(workspaceId, project._id, read.issues.length);
  const firstOrder = issues
    .filter((i) => i.projectId === project._id)
    .reduce<string | null>(
      (min, i) => (min === null || i.sortOrder < min ? i.sortOrder : min),
      null,
    );
  const orders = generateNKeysBetween(null, firstOrder, read.issues.length);

  const docs: WorkspaceDoc[] = [...labelDocs];
  read.issues.forEach((row, i) => {
    const base = newIssueDocument({
      id: newDocId('issue'),
      projectId: project._id,
      states: project.states,
      number: block.start + i,
      title: row.title,
      description: row.description,
      sortOrder: orders[i]!,
      createdBy: access.userId,
      now: at,
    });
    const category = project.states.find((s) => s.id === row.stateId)!.category;
    docs.push(
      {
        ...base,
        ...transitionTimes(base, category, at),
        stateId: row.stateId,
        priority: row.priority,
        assigneeId: row.assigneeId,
        labelIds: row.labels.map((l) => labelIds.get(l.name.toLowerCase())!),
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
    );
  });
  await writeChecked(store, db, docs, access.role, access.userId);
  return {
    dryRun: false,
    ...answer,
    firstKey: formatIssueKey(project.key, block.start),
    lastKey: formatIssueKey(project.key, block.end),
  };
}

/** Keel's CSV export writes a cell starting with = + - @ as '=…, so no spreadsheet runs it. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * The same per-document rules as every write through the proxy (SPEC §6 for the importer's
 * role, §5 for the shape), then the documents in requests of at most 1,000 (SPEC §9).
 */
async function writeChecked(
  store: AppStore,
  db: string,
  docs: readonly WorkspaceDoc[],
  role: Role,
  userId: string,
): Promise<void> {
  for (const doc of docs) {
    const verdict = checkDocumentWrite(doc, { role, userId, existing: null });
    if (!verdict.ok) throw new AppError(verdict.code, { errors: verdict.errors });
  }
  for (let i = 0; i < docs.length; i += LIMITS.bulkDocsPerRequest) {
    const results = await store.couch.bulkDocs(db, docs.slice(i, i + LIMITS.bulkDocsPerRequest));
    const failed = results.find((r) => r.error);
    if (failed) throw new Error(`Import write refused: ${failed.error} ${failed.reason ?? ''}`);
  }
}
