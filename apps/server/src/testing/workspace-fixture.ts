import { DEFAULT_STATES, newDocId, newIssueDocument, type IssueDoc } from '@keel/domain';
import type { BrowserSession } from './browser-session.ts';

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
  return { slug, projectId: body.project.id, userId: me.user.id };
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
