import { generateNKeysBetween } from 'fractional-indexing';
import {
  checkWorkspaceWrite,
  formatIssueKey,
  lookupOfDocs,
  COLOR_PALETTE,
  labelNameKey,
  LIMITS,
  newDocId,
  newLabelDocument,
  type LabelDoc,
  type ProjectDoc,
  type WorkspaceDoc,
  type WorkspaceLookup,
} from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import type { CouchClient } from '../db/couch-client.ts';
import type { WorkspaceAccess } from './access.ts';
import type { IssueIndex } from './issue-index.ts';

/*
 * What every import shares, Keel's CSV and the other trackers' exports alike: the project it
 * goes into, the room left in the workspace, the labels to make, and writing it all through the
 * domain's write rules, all or nothing.
 */

/**
 * The last step of every import: `count` issues numbered from the project's counter and put on
 * top of its manual order in the file's order (`build` makes each issue's documents from its
 * number and place), written with the new labels through the write rules, all or nothing. The
 * keys of the first and last issue.
 */
export async function numberAndWrite(
  store: AppStore,
  access: WorkspaceAccess,
  target: { project: ProjectDoc; firstOrder: string | null; count: number },
  build: (at: { number: number; sortOrder: string }, index: number) => WorkspaceDoc[],
  write: { labelDocs: readonly WorkspaceDoc[]; before: readonly WorkspaceDoc[]; requestId: string },
): Promise<{ firstKey: string; lastKey: string }> {
  const { project, count } = target;
  const workspaceId = access.workspace._id.slice('workspace:'.length);
  const numbers = await store.numbers.reserve(workspaceId, project._id, access.userId, count);
  const orders = generateNKeysBetween(null, target.firstOrder, count);
  const docs: WorkspaceDoc[] = [...write.labelDocs];
  for (let i = 0; i < count; i++)
    docs.push(...build({ number: numbers[i]!, sortOrder: orders[i]! }, i));
  await writeChecked(
    store,
    access.workspace.dbName,
    docs,
    { access, before: lookupOfDocs([project, ...write.before]) },
    { projectId: project._id, reserved: numbers },
    write.requestId,
  );
  return {
    firstKey: formatIssueKey(project.key, numbers[0]!),
    lastKey: formatIssueKey(project.key, numbers.at(-1)!),
  };
}

/**
 * The labels an import names that the workspace lacks, read again just before writing: a label
 * made meanwhile (a device's sync, another import) is used rather than made twice under one name.
 * `known` maps every name (by labelNameKey) to its id, new ones included.
 */
export async function labelsToMake(
  couch: CouchClient,
  db: string,
  names: readonly string[],
  by: { userId: string; at: string },
): Promise<{ current: LabelDoc[]; known: Map<string, string>; labelDocs: LabelDoc[] }> {
  const current = await couch.docsWithPrefix<LabelDoc>(db, 'label:');
  const known = new Map(current.map((l) => [labelNameKey(l.name), l._id]));
  const labelDocs = names
    .filter((name) => !known.has(labelNameKey(name)))
    .map((name, i) =>
      newLabelDocument({
        id: newDocId('label'),
        name,
        color: COLOR_PALETTE[(current.length + i) % COLOR_PALETTE.length]!,
        createdBy: by.userId,
        now: by.at,
      }),
    );
  for (const label of labelDocs) known.set(labelNameKey(label.name), label._id);
  return { current, known, labelDocs };
}

/** The project an import goes into: one of the workspace's, not archived. */
export async function importTarget(
  couch: CouchClient,
  db: string,
  projectId: string,
): Promise<ProjectDoc & { _rev: string }> {
  const project = /^project:[A-Za-z0-9_-]{1,64}$/.test(projectId)
    ? await couch.getDoc<ProjectDoc & { _rev: string }>(db, projectId)
    : null;
  if (project?.type !== 'project' || project.archivedAt)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'projectId', message: 'Choose a project of this workspace' }],
    });
  return project;
}

/**
 * How many issues the workspace has, and the project's first place in the manual order (imported
 * issues go on top): from the instance's index of its issues (issue-index.ts), not a read of all
 * 100,000.
 */
export async function projectPlace(
  index: IssueIndex,
  db: string,
  projectId: string,
): Promise<{ issueCount: number; firstOrder: string | null }> {
  const issues = await index.of(db);
  return { issueCount: issues.size, firstOrder: issues.firstSortOrder(projectId) };
}

/** SPEC §9: a workspace holds at most 100,000 issues, imported ones too. */
export function checkWorkspaceRoom(issueCount: number, adding: number, path: string): void {
  if (issueCount + adding > LIMITS.issuesPerWorkspace)
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        {
          path,
          message: `A workspace can hold at most ${LIMITS.issuesPerWorkspace.toLocaleString('en')} issues`,
        },
      ],
    });
}

/**
 * The same write rules as every write through the proxy (the domain's `checkWorkspaceWrite`:
 * shape, the importer's role, states, labels, assignees, numbers), against the workspace as it
 * was read for the import; then the documents all or nothing.
 */
export async function writeChecked(
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
      if (failed?.error === 'conflict') throw new WrittenMeanwhile(failed.id);
      if (failed) throw new Error(`Import write refused: ${failed.error} ${failed.reason ?? ''}`);
    }
  } catch (error) {
    const issues = written.filter((w) => w._id.startsWith('issue:')).length;
    const undone = await takeBack(couch, db, written);
    const meanwhile = error instanceof WrittenMeanwhile;
    const message = !undone
      ? `The import stopped part-way: ${issues} issues were written. Check the project before importing again.`
      : meanwhile
        ? 'Nothing was imported: some of it was written meanwhile (the same file imported at once from elsewhere?). Check the file again.'
        : 'Nothing was imported.';
    // Written meanwhile is not a failure of Keel's: the check, made again, says what is left.
    const code = meanwhile
      ? 'VALIDATION_FAILED'
      : error instanceof AppError
        ? error.code
        : 'INTERNAL';
    throw new AppError(code, {
      cause: error,
      detail: message,
      errors: [{ path: 'import', message }],
      params: { requestId },
    });
  }
}

/** A document of the import that exists already: written since the import was checked. */
class WrittenMeanwhile extends Error {
  constructor(readonly id: string) {
    super(`Written meanwhile: ${id}`);
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
