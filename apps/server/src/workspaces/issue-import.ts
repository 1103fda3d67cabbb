import { generateNKeysBetween } from 'fractional-indexing';
import Papa from 'papaparse';
import {
  can,
  estimateScaleOf,
  checkWorkspaceWrite,
  lookupOfDocs,
  COLOR_PALETTE,
  labelNameKey,
  newLabelDocument,
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
  type WorkspaceDoc,
  type WorkspaceLookup,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import type { CouchClient } from '../db/couch-client.ts';
import type { WorkspaceAccess } from './access.ts';

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
  context: { now: () => Date; requestId: string },
): Promise<ImportIssuesResponse> {
  const db = access.workspace.dbName;
  const couch = store.couch;
  const project = /^project:[A-Za-z0-9_-]{1,64}$/.test(body.projectId)
    ? await couch.getDoc<ProjectDoc & { _rev: string }>(db, body.projectId)
    : null;
  if (project?.type !== 'project' || project.archivedAt)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'projectId', message: 'Choose a project of this workspace' }],
    });

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
  // Of the issues there are, only how many and the project's first place in the manual order
  // matter: read a page at a time rather than all 100,000 at once.
  let issueCount = 0;
  let firstOrder: string | null = null;
  for await (const page of couch.pagesWithPrefix<IssueDoc>(db, 'issue:'))
    for (const issue of page) {
      issueCount++;
      // Fractional index keys compare by plain code-unit order.
      if (issue.projectId === project._id && (firstOrder === null || issue.sortOrder < firstOrder))
        firstOrder = issue.sortOrder;
    }
  const rows = parsed.data.map((row) => row.map(unescapeFormula));
  const read = readImportRows(rows, {
    states: project.states,
    estimateScale: estimateScaleOf(project),
    members,
    labels,
  });
  if (!read.ok) throw new AppError('VALIDATION_FAILED', { errors: read.errors });
  if (read.newLabels.length && !can(access.role, 'label:create')) throw new AppError('FORBIDDEN');
  if (issueCount + read.issues.length > LIMITS.issuesPerWorkspace)
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

  const at = context.now().toISOString();
  // Read again just before writing: a label made meanwhile (a device's sync, another import) is
  // used rather than made twice under one name.
  const current = await couch.docsWithPrefix<LabelDoc>(db, 'label:');
  const known = new Map(current.map((l) => [labelNameKey(l.name), l._id]));
  const labelDocs = read.newLabels
    .filter((name) => !known.has(labelNameKey(name)))
    .map((name, i) =>
      newLabelDocument({
        id: newDocId('label'),
        name,
        color: COLOR_PALETTE[(current.length + i) % COLOR_PALETTE.length]!,
        createdBy: access.userId,
        now: at,
      }),
    );
  for (const label of labelDocs) known.set(labelNameKey(label.name), label._id);
  const workspaceId = access.workspace._id.slice('workspace:'.length);
  const numbers = await store.numbers.reserve(
    workspaceId,
    project._id,
    access.userId,
    read.issues.length,
  );
  const orders = generateNKeysBetween(null, firstOrder, read.issues.length);

  const docs: WorkspaceDoc[] = [...labelDocs];
  read.issues.forEach((row, i) => {
    const base = newIssueDocument({
      id: newDocId('issue'),
      projectId: project._id,
      states: project.states,
      number: numbers[i]!,
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
    );
  });
  await writeChecked(
    store,
    db,
    docs,
    { access, before: lookupOfDocs([project, ...members, ...current]) },
    { projectId: project._id, reserved: numbers },
    context.requestId,
  );
  return {
    dryRun: false,
    ...answer,
    firstKey: formatIssueKey(project.key, numbers[0]!),
    lastKey: formatIssueKey(project.key, numbers.at(-1)!),
  };
}

/**
 * Keel's CSV export writes a cell starting with = + - @ as '=…, so no spreadsheet runs it, and
 * one starting with ' as ''…: one ' comes off again.
 */
const unescapeFormula = (cell: string) => (/^'['=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * The same write rules as every write through the proxy (the domain's `checkWorkspaceWrite`:
 * shape, the importer's role, states, labels, assignees, numbers), against the workspace as it
 * was read for the import; then the documents all or nothing.
 */
async function writeChecked(
  store: AppStore,
  db: string,
  docs: readonly WorkspaceDoc[],
  workspace: { access: Pick<WorkspaceAccess, 'role' | 'userId'>; before: WorkspaceLookup },
  numbers: { projectId: string; reserved: readonly number[] },
  requestId: string,
): Promise<void> {
  const reserved = new Set(numbers.reserved);
  const verdicts = checkWorkspaceWrite(
    docs,
    {
      role: workspace.access.role,
      userId: workspace.access.userId,
      tombstone: () => null,
      numberReserved: (projectId, number) =>
        projectId === numbers.projectId && reserved.has(number),
    },
    workspace.before,
  );
  const refused = verdicts.find((v) => !v.ok);
  if (refused && !refused.ok) throw new AppError(refused.code, { errors: refused.errors });
  await writeAllOrNothing(store.couch, db, docs, requestId);
}

/**
 * New documents in requests of at most 1,000 (SPEC §9). A request that fails takes back what
 * the earlier ones wrote; if even that fails, the answer says how far it got. Either way the
 * answer's one error says what became of the file.
 */
export async function writeAllOrNothing(
  couch: CouchClient,
  db: string,
  docs: readonly { _id: string }[],
  requestId: string,
): Promise<void> {
  const written: { _id: string; _rev: string; _deleted: true }[] = [];
  try {
    for (let i = 0; i < docs.length; i += LIMITS.bulkDocsPerRequest) {
      const results = await couch.bulkDocs(db, docs.slice(i, i + LIMITS.bulkDocsPerRequest));
      for (const r of results)
        if (r.ok && r.rev) written.push({ _id: r.id, _rev: r.rev, _deleted: true });
      const failed = results.find((r) => r.error);
      if (failed) throw new Error(`Import write refused: ${failed.error} ${failed.reason ?? ''}`);
    }
  } catch (error) {
    const issues = written.filter((w) => w._id.startsWith('issue:')).length;
    const undone = await takeBack(couch, db, written);
    const message = undone
      ? 'Nothing was imported.'
      : `The import stopped part-way: ${issues} issues were written. Check the project before importing again.`;
    throw new AppError(error instanceof AppError ? error.code : 'INTERNAL', {
      cause: error,
      detail: message,
      errors: [{ path: 'import', message }],
      params: { requestId },
    });
  }
}

async function takeBack(
  couch: CouchClient,
  db: string,
  written: readonly { _id: string; _rev: string; _deleted: true }[],
): Promise<boolean> {
  try {
    for (let i = 0; i < written.length; i += LIMITS.bulkDocsPerRequest) {
      const results = await couch.bulkDocs(db, written.slice(i, i + LIMITS.bulkDocsPerRequest));
      if (results.some((r) => r.error)) return false;
    }
    return true;
  } catch {
    return false;
  }
}
