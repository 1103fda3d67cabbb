import {
  issueDocSchema,
  parseIssueKey,
  typeOfId,
  workspaceDocSchema,
  type IssueDoc,
  type ProjectDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import type { CouchClient, CouchDoc } from '../../db/couch-client.ts';
import type { IssueIndex } from '../../workspaces/issue-index.ts';

/**
 * The live documents of some types in a workspace database, each checked against the domain's
 * schema (one that does not fit is left out, as the app leaves it off every screen).
 *
 * Read whole per request: a list filtered by any field of the UI's URL reads every issue. At
 * 100,000 issues that is the cost of `_all_docs` over them; docs/performance.md says so.
 */
type DocType = WorkspaceDoc['type'];
type DocOfType<K extends DocType> = Extract<WorkspaceDoc, { type: K }>;

export async function readDocs<K extends DocType>(
  couch: CouchClient,
  dbName: string,
  type: K,
): Promise<DocOfType<K>[]> {
  const raw = await couch.docsWithPrefix<unknown>(dbName, `${type}:`);
  const docs: DocOfType<K>[] = [];
  for (const doc of raw) {
    const parsed = workspaceDocSchema.safeParse(doc);
    if (parsed.success && parsed.data.type === type && typeOfId(parsed.data._id) === type)
      docs.push(parsed.data as DocOfType<K>);
  }
  return docs;
}

/**
 * The issue a key names (`ENG-12`, any case), read by id as the database holds it now: its
 * project's by number, found in the instance's index of the workspace's issues (issue-index.ts)
 * rather than by reading every issue. Undefined if there is none.
 */
export async function readByKey(
  couch: CouchClient,
  index: IssueIndex,
  dbName: string,
  key: string,
  projects?: readonly ProjectDoc[],
): Promise<{ issue: IssueDoc; project: ProjectDoc } | undefined> {
  const parsed = parseIssueKey(key.toUpperCase());
  if (!parsed) return undefined;
  const project = (projects ?? (await readDocs(couch, dbName, 'project'))).find(
    (p) => p.key === parsed.projectKey,
  );
  if (!project) return undefined;
  const id = (await index.of(dbName)).idOf(project._id, parsed.number);
  const issue = id ? await readIssue(couch, dbName, id) : null;
  return issue && issue.projectId === project._id && issue.number === parsed.number
    ? { issue, project }
    : undefined;
}

/** An issue by id as the database holds it now (at quorum on a cluster), or null. */
export async function readIssue(
  couch: CouchClient,
  dbName: string,
  id: string,
): Promise<IssueDoc | null> {
  const parsed = issueDocSchema.safeParse(await couch.getDoc<CouchDoc>(dbName, id));
  return parsed.success ? parsed.data : null;
}
