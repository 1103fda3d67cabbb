import { createHash } from 'node:crypto';
import {
  can,
  docId,
  labelNameKey,
  newActivityDocument,
  newDocId,
  newIssueDocument,
  sourceLink,
  transitionTimes,
  type CommentDoc,
  type ImportForeignBody,
  type ImportForeignResponse,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type ProjectDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import type { IssueIndex } from '../workspaces/issue-index.ts';
import { AppError } from '../app-error.ts';
import type { AppStore } from '../db/app-store.ts';
import type { CouchClient } from '../db/couch-client.ts';
import type { WorkspaceAccess } from '../workspaces/access.ts';
import {
  checkWorkspaceRoom,
  importTarget,
  labelsToMake,
  projectPlace,
  numberAndWrite,
} from '../workspaces/import-writes.ts';
import { planImport, type PlannedIssue } from './foreign-plan.ts';
import { checkRead, listed } from './read-problems.ts';
import { readExport } from './read-export.ts';

/**
 * `POST /api/workspaces/:ws/import` with a `source` (SPEC §11, importers): Jira's, Linear's or
 * GitHub's export into one project, checked first (every problem by row, and what each of the
 * tool's states, priorities and people maps to), then written all or nothing through the
 * domain's write rules, like Keel's own CSV (workspaces/issue-import.ts).
 *
 * Importing the same file again adds nothing: an issue's id is made from its tool and key, so an
 * issue imported before is found by id and left as it is (and two imports of one file racing
 * through two instances conflict in the database rather than both writing). Its comments' ids
 * come from the issue's, in the file's order. The issues keep their created dates and comments;
 * they are numbered from the project's counter like any other, and keep their key and link in
 * `source`.
 */
export async function importForeign(
  store: AppStore,
  access: WorkspaceAccess,
  body: ImportForeignBody,
  context: { now: () => Date; requestId: string; issueIndex: IssueIndex },
): Promise<ImportForeignResponse> {
  const db = access.workspace.dbName;
  const couch = store.couch;
  const project = await importTarget(couch, db, body.projectId);
  const read = readExport(body.source, body.file.replace(/^\uFEFF/, ''));
  const { issues: foreign, errors: readErrors } = checkRead(read.issues, read.problems);
  if (body.siteUrl)
    for (const issue of foreign)
      issue.sourceUrl ??= sourceLink(body.source, body.siteUrl, issue.sourceKey);

  const issueId = idsFor(body.source, project._id);
  await couch.settled(db);
  const [members, labels, place, existing] = await Promise.all([
    couch.docsWithPrefix<MemberDoc>(db, 'member:'),
    couch.docsWithPrefix<LabelDoc>(db, 'label:'),
    projectPlace(context.issueIndex, db, project._id),
    liveIds(
      couch,
      db,
      foreign.flatMap((i) => [
        issueId(i.sourceKey),
        ...(i.parentKey ? [issueId(i.parentKey)] : []),
      ]),
    ),
  ]);
  const now = context.now().toISOString();
  const plan = planImport(foreign, {
    source: body.source,
    project,
    members,
    labels,
    mapping: body.mapping,
    now,
    issueId,
    commentId: (id, index) => docId('comment', tail(`${id}\n${index}`)),
    existing: new Set(existing.keys()),
  });
  const problems = [...readErrors, ...(plan.ok ? [] : plan.errors)];
  if (problems.length || !plan.ok)
    throw new AppError('VALIDATION_FAILED', { errors: listed(problems) });
  // An issue deleted since it was imported comes back; its comments were never deleted (a
  // deletion leaves them, unreachable), so those still there are not written again.
  const held = await liveIds(
    couch,
    db,
    plan.issues.flatMap((p) => p.comments.map((c) => c.id)),
  );
  for (const planned of plan.issues)
    planned.comments = planned.comments.filter((c) => !held.has(c.id));

  if (plan.newLabels.length && !can(access.role, 'label:create')) throw new AppError('FORBIDDEN');
  checkWorkspaceRoom(place.issueCount, plan.issues.length, 'file');
  const answer = {
    source: body.source,
    issues: plan.issues.length,
    alreadyImported: foreign.length - plan.issues.length,
    comments: plan.issues.reduce((n, i) => n + i.comments.length, 0),
    newLabels: plan.newLabels,
    ...plan.mapped,
    notes: plan.notes,
  };
  if (body.dryRun || plan.issues.length === 0) return { dryRun: !!body.dryRun, ...answer };

  const { current, known, labelDocs } = await labelsToMake(couch, db, plan.newLabels, {
    userId: access.userId,
    at: now,
  });
  // The parents imported before are read with their ancestors, so the parent rule sees the tree.
  const parents = await withAncestors(
    couch,
    db,
    plan.issues.flatMap((p) => (p.parentId && existing.has(p.parentId) ? [p.parentId] : [])),
  );
  const keys = await numberAndWrite(
    store,
    access,
    { project, firstOrder: place.firstOrder, count: plan.issues.length },
    ({ number, sortOrder }, i) => {
      const planned = plan.issues[i]!;
      return issueDocs(planned, {
        project,
        source: body.source,
        number,
        sortOrder,
        labelIds: planned.labels.map((name) => known.get(labelNameKey(name))!),
        userId: access.userId,
        now,
      });
    },
    {
      labelDocs,
      before: [...members, ...current, ...parents],
      requestId: context.requestId,
    },
  );
  return { dryRun: false, ...answer, ...keys };
}

/**
 * An issue's id from its tool and key. A GitHub issue known by its number alone (`#31`: the
 * export did not give its repository) is told apart by the project it goes into.
 */
function idsFor(source: ImportForeignBody['source'], projectId: string) {
  return (key: string) => {
    const scope = source === 'github' && key.startsWith('#') ? projectId : '';
    return docId('issue', tail(`${source}\n${scope}\n${key}`));
  };
}

const tail = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 24);

/** Of these ids, those that exist and are not deleted (an issue deleted since comes back). */
async function liveIds(
  couch: CouchClient,
  db: string,
  ids: string[],
): Promise<Map<string, string>> {
  const live = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 2_000) {
    const rows = await couch.allDocs<IssueDoc>(db, { keys: unique.slice(i, i + 2_000) });
    for (const row of rows)
      if (row.value && !row.value.deleted && row.id) live.set(row.id, row.value.rev);
  }
  return live;
}

async function withAncestors(couch: CouchClient, db: string, ids: string[]): Promise<IssueDoc[]> {
  const found = new Map<string, IssueDoc>();
  let next = [...new Set(ids)];
  // Bounded: a parent chain is at most as deep as the tree rule allows, and ids are read once.
  while (next.length) {
    const docs = await couch.docsById<IssueDoc>(db, next);
    for (const doc of docs) found.set(doc._id, doc);
    next = [
      ...new Set(docs.flatMap((d) => (d.parentId && !found.has(d.parentId) ? [d.parentId] : []))),
    ];
  }
  return [...found.values()];
}

function issueDocs(
  planned: PlannedIssue,
  at: {
    project: ProjectDoc;
    source: ImportForeignBody['source'];
    number: number;
    sortOrder: string;
    labelIds: string[];
    userId: string;
    now: string;
  },
): WorkspaceDoc[] {
  const base = newIssueDocument({
    id: planned.id,
    projectId: at.project._id,
    states: at.project.states,
    number: at.number,
    title: planned.title,
    description: planned.description,
    sortOrder: at.sortOrder,
    createdBy: at.userId,
    now: planned.createdAt,
  });
  const category = at.project.states.find((s) => s.id === planned.stateId)!.category;
  const issue: IssueDoc = {
    ...base,
    // Finished when the tool says, else when it was made (not today: insights would count a
    // whole history as done this week); started likewise.
    ...transitionTimes(
      { startedAt: planned.startedAt, completedAt: null, canceledAt: null },
      category,
      planned.finishedAt ?? planned.startedAt ?? planned.createdAt,
    ),
    stateId: planned.stateId,
    priority: planned.priority,
    assigneeId: planned.assigneeId,
    labelIds: at.labelIds,
    estimate: planned.estimate,
    dueDate: planned.dueDate,
    parentId: planned.parentId,
    updatedAt: at.now,
    source: { tool: at.source, key: planned.sourceKey, url: planned.sourceUrl },
  };
  const created = newActivityDocument({
    id: newDocId('activity'),
    issueId: issue._id,
    actorId: at.userId,
    kind: 'created',
    from: null,
    // Told apart from an issue made in Keel: "imported the issue, created in Jira as PROJ-12".
    to: ['import', at.source, planned.sourceKey],
    now: planned.createdAt,
  });
  const comments = planned.comments.map((c): CommentDoc => ({
    _id: c.id,
    type: 'comment',
    issueId: issue._id,
    body: c.body,
    authorId: at.userId,
    editedAt: null,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
  }));
  return [issue, created, ...comments];
}
