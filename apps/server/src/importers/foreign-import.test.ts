import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startWithOwnerWorkspace, type WorkspaceFixture } from '../testing/workspace-fixture.ts';
import type { TestServer } from '../testing/test-server.ts';

/**
 * SPEC §11's importers against the real server and embedded database: Jira's, Linear's and
 * GitHub's exports checked (mapping, problems by row), imported all or nothing with their dates,
 * comments and keys, and imported again without adding anything.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;
let me: { id: string; name: string; email: string };

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('imports'));
  ({ user: me } = (await (await owner.request('/api/me')).json()) as { user: typeof me });
});
afterAll(async () => {
  await server?.close();
});

type Doc = Record<string, unknown> & { _id: string; type: string };
interface Problem {
  status: number;
  code: string;
  errors: { path: string; message: string }[];
}

const importFile = (
  as: BrowserSession,
  source: string,
  file: string,
  extra: Record<string, unknown> = {},
) =>
  as.request(`/api/workspaces/${ws.slug}/import`, {
    method: 'POST',
    json: { source, projectId: ws.projectId, file, ...extra },
  });

async function docsOnServer(): Promise<Doc[]> {
  const res = await owner.request(`/db/${ws.slug}/_changes?include_docs=true`);
  const feed = (await res.json()) as { results: { doc?: Doc; deleted?: boolean }[] };
  return feed.results.flatMap((r) => (r.doc && !r.deleted ? [r.doc] : []));
}
const issuesFrom = async (tool: string) =>
  (await docsOnServer()).filter(
    (d) => d.type === 'issue' && (d.source as { tool?: string } | undefined)?.tool === tool,
  );

const jira = () =>
  [
    'Summary,Issue key,Issue id,Issue Type,Status,Priority,Assignee,Reporter,Created,Resolved,Labels,Labels,Sprint,Parent,Custom field (Story Points),Description,Comment,Comment',
    `Login broken,PROJ-12,10012,Bug,In Progress,Highest,${me.name},Grace Hopper,12/Mar/24 3:04 PM,,auth,Urgent-fix,Sprint 4,10010,3,"h3. Steps\r\n* open *login*","13/Mar/24 9:00 AM;Grace Hopper;Seen it; on *Firefox*","14/Mar/24 10:30 AM;${me.name};Fixed"`,
    'Epic work,PROJ-10,10010,Epic,Done,Medium,Ada Lovelace,Grace Hopper,01/Feb/24 9:00 AM,05/Feb/24 5:00 PM,,,,,7,,,',
    "Old idea,PROJ-14,10014,Task,Won't Do,Lowest,,,02/Feb/24 9:00 AM,,,,,,,,,",
  ].join('\r\n');

describe('importing another tracker’s export', () => {
  it('checks a Jira file: what maps to what, what is left out, and nothing written', async () => {
    const res = await importFile(owner, 'jira', jira(), { dryRun: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      dryRun: true,
      source: 'jira',
      issues: 3,
      alreadyImported: 0,
      comments: 2,
      newLabels: ['auth', 'Urgent-fix'],
      states: [
        { from: 'Done', count: 1, to: 'done' },
        { from: 'In Progress', count: 1, to: 'in-progress' },
        { from: "Won't Do", count: 1, to: 'canceled' },
      ],
      priorities: [
        { from: 'Highest', count: 1, to: 1 },
        { from: 'Lowest', count: 1, to: 4 },
        { from: 'Medium', count: 1, to: 3 },
      ],
      people: [
        { from: 'Ada Lovelace', count: 1, to: null },
        { from: me.name, count: 1, to: me.id },
      ],
      notes: [
        '1 issue is assigned to someone who is not mapped to a member: left unassigned, with a note in the description.',
        "1 estimate is not on the project's scale: left out.",
        '1 issue is in a Jira sprint or cycle: cycles are not imported.',
      ],
    });
    expect(await issuesFrom('jira')).toEqual([]);
  });

  it('imports it as mapped, keeping keys, dates, comments and parents; again, it adds nothing', async () => {
    const mapping = { states: [{ from: 'In Progress', to: 'in-review' }] };
    const res = await importFile(owner, 'jira', jira(), { mapping });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dryRun: false, issues: 3, comments: 2 });
    const issues = await issuesFrom('jira');
    const byKey = new Map(issues.map((i) => [(i.source as { key: string }).key, i]));
    const login = byKey.get('PROJ-12')!;
    const epic = byKey.get('PROJ-10')!;
    expect(login).toMatchObject({
      title: 'Login broken',
      description: '### Steps\n- open **login**',
      stateId: 'in-review',
      priority: 1,
      assigneeId: me.id,
      estimate: 3,
      parentId: epic._id,
      createdAt: '2024-03-12T15:04:00.000Z',
      createdBy: me.id,
      source: { tool: 'jira', key: 'PROJ-12', url: null },
    });
    // Started when it was made; the epic finished when Jira resolved it, not today.
    expect(login.startedAt).toBe('2024-03-12T15:04:00.000Z');
    expect(epic).toMatchObject({
      stateId: 'done',
      assigneeId: null,
      estimate: null,
      completedAt: '2024-02-05T17:00:00.000Z',
      description:
        '*Imported from Jira: assigned to Ada Lovelace, who is not a member of this workspace.*',
    });
    expect(byKey.get('PROJ-14')).toMatchObject({ stateId: 'canceled', priority: 4 });

    const docs = await docsOnServer();
    const comments = docs
      .filter((d) => d.type === 'comment' && d.issueId === login._id)
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    expect(comments.map((c) => [c.body, c.createdAt, c.authorId])).toEqual([
      ['*Grace Hopper, in Jira:*\n\nSeen it; on **Firefox**', '2024-03-13T09:00:00.000Z', me.id],
      [`*${me.name}, in Jira:*\n\nFixed`, '2024-03-14T10:30:00.000Z', me.id],
    ]);
    const created = docs.find(
      (d) => d.type === 'activity' && d.kind === 'created' && d.issueId === login._id,
    );
    expect(created?.createdAt).toBe('2024-03-12T15:04:00.000Z');
    expect(docs.filter((d) => d.type === 'label').map((l) => l.name)).toEqual(
      expect.arrayContaining(['auth', 'Urgent-fix']),
    );

    const again = await importFile(owner, 'jira', jira());
    expect(await again.json()).toMatchObject({ issues: 0, alreadyImported: 3, comments: 0 });
    expect(await issuesFrom('jira')).toHaveLength(3);
    expect((await docsOnServer()).filter((d) => d.type === 'comment')).toHaveLength(2);
  });

  it('brings back an imported issue deleted since, and adds new rows of a later export', async () => {
    // PROJ-12 has comments: a deletion leaves them, and the import does not write them twice.
    const [login] = (await issuesFrom('jira')).filter(
      (i) => (i.source as { key: string }).key === 'PROJ-12',
    );
    const rev = (await server.couch.getDoc<Doc & { _rev: string }>(dbName, login!._id))!._rev;
    await server.couch.deleteDoc(dbName, login!._id, rev);
    const later = `${jira()}\r\nNew thing,PROJ-15,10015,Task,To Do,Low,,,03/Feb/24 9:00 AM,,,,,,,,,`;
    const res = await importFile(owner, 'jira', later);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ issues: 2, alreadyImported: 2, comments: 0 });
    const keys = (await issuesFrom('jira')).map((i) => (i.source as { key: string }).key).sort();
    expect(keys).toEqual(['PROJ-10', 'PROJ-12', 'PROJ-14', 'PROJ-15']);
    const comments = (await docsOnServer()).filter(
      (d) => d.type === 'comment' && d.issueId === login!._id,
    );
    expect(comments).toHaveLength(2);
  });

  it('imports Linear’s CSV and GitHub’s JSON, GitHub’s issues told apart by repository', async () => {
    const linear = [
      'ID,Title,Description,Status,Priority,Assignee,Labels,Estimate,Cycle Name,Parent issue,Created,Completed,Due Date',
      `LIN-1,Make it fast,**Why**: slow,Done,Urgent,${me.email},"Perf, Backend",5,,,2024-05-01T10:00:00.000Z,2024-05-03T10:00:00.000Z,2024-05-10`,
      'LIN-2,Child,,Backlog,No priority,,,,,LIN-1,2024-05-02T10:00:00.000Z,,',
    ].join('\n');
    const res = await importFile(owner, 'linear', linear, { siteUrl: 'https://linear.app/acme/' });
    expect(await res.json()).toMatchObject({ issues: 2, newLabels: ['Perf', 'Backend'] });
    const lin = await issuesFrom('linear');
    const parent = lin.find((i) => i.title === 'Make it fast')!;
    expect(parent).toMatchObject({
      source: { tool: 'linear', key: 'LIN-1', url: 'https://linear.app/acme/issue/LIN-1' },
      assigneeId: me.id,
      stateId: 'done',
      completedAt: '2024-05-03T10:00:00.000Z',
      dueDate: '2024-05-10',
      estimate: 5,
    });
    expect(lin.find((i) => i.title === 'Child')).toMatchObject({
      parentId: parent._id,
      stateId: 'backlog',
    });

    const issue = (repo: string) => ({
      number: 7,
      title: `Crash in ${repo}`,
      body: 'Trace',
      state: 'closed',
      state_reason: 'completed',
      labels: [{ name: 'bug' }],
      assignees: [{ login: me.email.split('@')[0] }],
      user: { login: 'hubot' },
      created_at: '2024-06-01T08:00:00Z',
      closed_at: '2024-06-04T08:00:00Z',
      html_url: `https://github.com/acme/${repo}/issues/7`,
    });
    const gh = await importFile(owner, 'github', JSON.stringify([issue('api'), issue('web')]));
    expect(await gh.json()).toMatchObject({
      issues: 2,
      states: [{ from: 'closed', count: 2, to: 'done' }],
      people: [{ to: me.id }],
    });
    expect(
      (await issuesFrom('github')).map((i) => i.source as { key: string; url: string }).sort(),
    ).toEqual(
      expect.arrayContaining([
        { tool: 'github', key: 'acme/api#7', url: 'https://github.com/acme/api/issues/7' },
        { tool: 'github', key: 'acme/web#7', url: 'https://github.com/acme/web/issues/7' },
      ]),
    );
  });

  it('refuses a file with problems by row, naming each, and writes nothing', async () => {
    const before = (await docsOnServer()).length;
    const long = 'x'.repeat(256);
    const file = [
      'Summary,Issue key,Status,Labels',
      `${long},BAD-1,To Do,`,
      'Fine,BAD-2,To Do,',
      'Twice,BAD-2,To Do,',
      `Label,BAD-3,To Do,${'l'.repeat(41)}`,
      ',BAD-4,To Do,',
    ].join('\n');
    const res = await importFile(owner, 'jira', file);
    expect(res.status).toBe(422);
    const problem = (await res.json()) as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    // Every problem at once, in the file's order.
    expect(problem.errors).toEqual([
      { path: 'row 2: Title', message: 'Title must be at most 255 characters' },
      { path: 'row 4: key', message: 'BAD-2 is also in row 3' },
      { path: 'row 5: Labels', message: 'Label name must be at most 40 characters' },
      { path: 'row 6: Summary', message: 'Title is required' },
    ]);
    const many = ['Summary,Issue key', ...Array.from({ length: 60 }, (_, i) => `,MANY-${i}`)];
    const listed = (await (await importFile(owner, 'jira', many.join('\n'))).json()) as Problem;
    expect(listed.errors).toHaveLength(51);
    expect(listed.errors.at(-1)).toEqual({ path: 'file', message: '…and 10 more problems' });
    expect(await docsOnServer()).toHaveLength(before);
  });

  it('refuses a mapping to what the project or workspace lacks, an unknown tool, and viewers', async () => {
    const file = 'Summary,Issue key,Status,Assignee\nOne,MAP-1,Open,Someone';
    const badState = await importFile(owner, 'jira', file, {
      mapping: { states: [{ from: 'Open', to: 'nope' }], people: [{ from: 'Someone', to: 'u1' }] },
    });
    expect(((await badState.json()) as Problem).errors).toEqual([
      { path: 'mapping.states', message: 'Choose a state of the project for Open' },
      { path: 'mapping.people', message: 'Choose an active member, or nobody, for Someone' },
    ]);
    const notHttps = await importFile(owner, 'jira', file, { siteUrl: 'javascript:alert(1)' });
    expect(((await notHttps.json()) as Problem).errors).toEqual([
      { path: 'siteUrl', message: 'Give the address, starting https://' },
    ]);
    const unknown = await importFile(owner, 'trello', file);
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as Problem).errors[0]?.message).toBe(
      'Choose where the file comes from: keel, jira, linear or github',
    );
    const notJson = await importFile(owner, 'github', '{');
    expect(((await notJson.json()) as Problem).errors).toEqual([
      { path: 'file', message: 'The file is not JSON' },
    ]);

    const viewer = new BrowserSession(server.url);
    await signUp(viewer, newAccount('viewer'));
    const invite = await owner.request(`/api/workspaces/${ws.slug}/invitations`, {
      method: 'POST',
      json: { role: 'viewer' },
    });
    const { token } = (await invite.json()) as { token: string };
    await viewer.request(`/api/invitations/${token}/accept`, { method: 'POST' });
    const denied = await importFile(viewer, 'jira', file, { dryRun: true });
    expect(denied.status).toBe(403);
  });

  it('keeps where an issue came from: a device may not change it', async () => {
    const [issue] = await issuesFrom('linear');
    const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [{ ...issue, source: { tool: 'jira', key: 'X-1', url: null } }] },
    });
    const [row] = (await res.json()) as { error?: string; reason?: string }[];
    expect(row?.reason).toContain('Where an issue was imported from never changes');
  });
});
