import {
  parseIssueKey,
  typeOfId,
  workspaceDocSchema,
  type IssueDoc,
  type ProjectDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import type { CouchClient } from '../../db/couch-client.ts';

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

/** The issue a key names (`ENG-12`, any case): its project's, by number; undefined if none. */
export function findByKey(
  projects: readonly ProjectDoc[],
  issues: readonly IssueDoc[],
  key: string,
): { issue: IssueDoc; project: ProjectDoc } | undefined {
  const parsed = parseIssueKey(key.toUpperCase());
  const project = parsed && projects.find((p) => p.key === parsed.projectKey);
  const issue =
    project && issues.find((i) => i.projectId === project._id && i.number === parsed.number);
  return issue && project ? { issue, project } : undefined;
}

/** `findByKey` over the workspace database as it is now. */
export async function readByKey(couch: CouchClient, dbName: string, key: string) {
  const [projects, issues] = await Promise.all([
    readDocs(couch, dbName, 'project'),
    readDocs(couch, dbName, 'issue'),
  ]);
  return findByKey(projects, issues, key);
}
