import { DEFAULT_STATES, newDocId, newIssueDocument, type IssueDoc } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from './browser-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface WorkspaceFixture {
  slug: string;
  projectId: string;
  userId: string;
}

/** Create a workspace as `browser`'s user and return what tests need to write into it. */
export async function createWorkspaceAs(
  browser: BrowserSession,
  slug: string,
): Promise<WorkspaceFixture> {
  const res = await browser.request('/api/workspaces', {
    method: 'POST',
    json: { name: slug, slug },
  });
  if (res.status !== 201) throw new Error(`create workspace: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { project: { id: string } };
  const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
  const fixture = { slug, projectId: body.project.id, userId: me.user.id };
  // The owner's first block (1–20): the proxy accepts only issue numbers reserved by their writer.
  await reserveNumbers(browser, fixture);
  return fixture;
}

/** Reserve a block of issue numbers in the fixture's project as `browser`'s user. */
export async function reserveNumbers(
  browser: BrowserSession,
  fixture: Pick<WorkspaceFixture, 'slug' | 'projectId'>,
): Promise<{ start: number; end: number }> {
  const res = await browser.request(
    `/api/workspaces/${fixture.slug}/projects/${fixture.projectId}/numbers`,
    { method: 'POST', json: {} },
  );
  if (res.status !== 200) throw new Error(`reserve numbers: ${res.status} ${await res.text()}`);
  return (await res.json()) as { start: number; end: number };
}

export function issueDoc(fixture: WorkspaceFixture, overrides: Partial<IssueDoc> = {}): IssueDoc {
  const issue = newIssueDocument({
    id: newDocId('issue'),
    projectId: fixture.projectId,
    states: DEFAULT_STATES,
    number: 1,
    title: 'Make the board faster',
    sortOrder: 'a0',
    createdBy: fixture.userId,
    now: new Date().toISOString(),
  });
  return { ...issue, ...overrides };
}

/** A running server with a signed-up owner of one fresh workspace: most proxy tests start here. */
export async function startWithOwnerWorkspace(
  slug: string,
  serverOptions: Parameters<typeof startTestServer>[0] = {},
): Promise<{
  server: TestServer;
  owner: BrowserSession;
  ws: WorkspaceFixture;
  /** The workspace's database, for reading it as the server does. */
  dbName: string;
}> {
  const server = await startTestServer(serverOptions);
  const owner = new BrowserSession(server.url);
  await signUp(owner, newAccount('owner'));
  const ws = await createWorkspaceAs(owner, slug);
  const dbName = (await server.store.workspaceBySlug(ws.slug))!.dbName;
  return { server, owner, ws, dbName };
}

/** One row of a `_bulk_docs` answer through the proxy (CouchDB's shape plus Keel's code). */
export interface BulkRow {
  id: string;
  ok?: boolean;
  rev?: string;
  error?: string;
  code?: string;
  reason?: string;
  errors?: { path: string; message: string }[];
}

/** The stored document as `browser` reads it through the proxy, or null when there is none. */
export async function storedDoc(browser: BrowserSession, slug: string, id: string) {
  const res = await browser.request(`/db/${slug}/${encodeURIComponent(id)}`);
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
}
