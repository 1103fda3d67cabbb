import Papa from 'papaparse';
import { EXPORT_COLUMNS } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { startWithOwnerWorkspace, type WorkspaceFixture } from '../../testing/workspace-fixture.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { writeAllOrNothing } from '../../workspaces/import-writes.ts';

/**
 * SPEC §7's import and export against the real server and embedded database: a CSV goes in as
 * issues, all or nothing, and comes out again in the same columns.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let viewer: BrowserSession;
let ownerEmail: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('data'));
  const me = (await (await owner.request('/api/me')).json()) as { user: { email: string } };
  ownerEmail = me.user.email;
  viewer = new BrowserSession(server.url);
  await signUp(viewer, newAccount('viewer'));
  const invite = await owner.request(`/api/workspaces/${ws.slug}/invitations`, {
    method: 'POST',
    json: { role: 'viewer' },
  });
  const { token } = (await invite.json()) as { token: string };
  const joined = await viewer.request(`/api/invitations/${token}/accept`, { method: 'POST' });
  expect(joined.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

interface Problem {
  code: string;
  status: number;
  errors: { path: string; message: string }[];
}

const importCsv = (as: BrowserSession, csv: string, dryRun?: boolean) =>
  as.request(`/api/workspaces/${ws.slug}/import`, {
    method: 'POST',
    json: { projectId: ws.projectId, csv, ...(dryRun === undefined ? {} : { dryRun }) },
  });

async function issuesOnServer(): Promise<Record<string, unknown>[]> {
  const res = await owner.request(`/db/${ws.slug}/_changes?include_docs=true`);
  const feed = (await res.json()) as { results: { doc?: Record<string, unknown> }[] };
  return feed.results.flatMap((r) => (r.doc?.type === 'issue' ? [r.doc] : []));
}

describe('POST /api/workspaces/:ws/import', () => {
  it('checks a file on a dry run and writes nothing; then imports it, numbered after what exists', async () => {
    const csv = [
      'Title,Description,State,Priority,Assignee,Labels,Estimate,Due date,Story points',
      `Crash on save,"Steps:\r\n1. Save",In Progress,Urgent,${ownerEmail},"Bug, Frontend",3,2030-02-28,8`,
      'Typo in guide,,,,,Docs,,,',
    ].join('\r\n');
    const dry = await importCsv(owner, csv, true);
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({
      dryRun: true,
      issues: 2,
      newLabels: ['Bug', 'Frontend', 'Docs'],
      ignoredColumns: ['Story points'],
    });
    expect(await issuesOnServer()).toEqual([]);

    const res = await importCsv(owner, csv);
    expect(res.status).toBe(200);
    // The owner's device holds 1–20 (the fixture's block): imported issues come after.
    expect(await res.json()).toEqual({
      dryRun: false,
      issues: 2,
      newLabels: ['Bug', 'Frontend', 'Docs'],
      ignoredColumns: ['Story points'],
      firstKey: 'ENG-21',
      lastKey: 'ENG-22',
    });
    const issues = await issuesOnServer();
    const crash = issues.find((i) => i.title === 'Crash on save')!;
    expect(crash).toMatchObject({
      number: 21,
      description: 'Steps:\n1. Save',
      stateId: 'in-progress',
      priority: 1,
      estimate: 3,
      dueDate: '2030-02-28',
    });
    // Entering a started state stamps startedAt (SPEC §4).
    expect(typeof crash.startedAt).toBe('string');
    expect((crash.labelIds as string[]).length).toBe(2);
    const typo = issues.find((i) => i.title === 'Typo in guide')!;
    expect(typo).toMatchObject({ number: 22, stateId: 'todo', priority: 0, assigneeId: null });
    // In the file's order, on top of the project's manual order.
    expect(String(crash.sortOrder) < String(typo.sortOrder)).toBe(true);

    // One "created" activity each, and the labels exist once.
    const feed = (await (
      await owner.request(`/db/${ws.slug}/_changes?include_docs=true`)
    ).json()) as { results: { doc?: Record<string, unknown> }[] };
    const docs = feed.results.flatMap((r) => (r.doc ? [r.doc] : []));
    const created = docs.filter((d) => d.type === 'activity' && d.kind === 'created');
    expect(created.map((a) => a.issueId).sort()).toEqual([crash._id, typo._id].sort());
    expect(docs.filter((d) => d.type === 'label').map((l) => l.name)).toEqual(
      expect.arrayContaining(['Bug', 'Frontend', 'Docs']),
    );

    // A second import reuses the labels, ignoring case.
    const again = await importCsv(owner, 'Title,Labels\nAnother,bug', true);
    expect(((await again.json()) as { newLabels: string[] }).newLabels).toEqual([]);
  });

  it('refuses a file with any bad cell, naming its row and column, and writes nothing', async () => {
    const before = (await issuesOnServer()).length;
    const res = await importCsv(owner, 'Title,Priority,Due date\nFine,,\n,Soon,2030-02-30\n');
    expect(res.status).toBe(422);
    const problem = (await res.json()) as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual([
      { path: 'row 3: Title', message: 'Title is required' },
      {
        path: 'row 3: Priority',
        message: 'Priority must be one of No priority, Urgent, High, Medium, Low',
      },
      { path: 'row 3: Due date', message: 'Due date must be a real date (YYYY-MM-DD)' },
    ]);
    expect(await issuesOnServer()).toHaveLength(before);
  });

  it('refuses a project that is not the workspace’s, a body that is not an import, and viewers', async () => {
    const wrongProject = await owner.request(`/api/workspaces/${ws.slug}/import`, {
      method: 'POST',
      json: { projectId: 'project:nope', csv: 'Title\nx' },
    });
    expect(wrongProject.status).toBe(422);
    expect(((await wrongProject.json()) as Problem).errors).toEqual([
      { path: 'projectId', message: 'Choose a project of this workspace' },
    ]);
    const noFile = await owner.request(`/api/workspaces/${ws.slug}/import`, {
      method: 'POST',
      json: { projectId: ws.projectId, csv: '' },
    });
    expect(((await noFile.json()) as Problem).errors).toEqual([
      { path: 'csv', message: 'The file is empty' },
    ]);
    const denied = await importCsv(viewer, 'Title\nFrom a viewer');
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as Problem).code).toBe('FORBIDDEN');
    expect((await issuesOnServer()).some((i) => i.title === 'From a viewer')).toBe(false);
  });

  it('reads commas alone as separators, and refuses a quoted cell left open', async () => {
    const semis = await importCsv(owner, 'Title\nFix a; b; c\nAnother; one', true);
    expect(await semis.json()).toMatchObject({ issues: 2 });
    const open = await importCsv(
      owner,
      'Title,Description\nFine,ok\nBroken,"never closed\nLost,row\n',
    );
    expect(open.status).toBe(422);
    expect(((await open.json()) as Problem).errors).toEqual([
      {
        path: 'row 3',
        message: 'A quoted cell is not closed: everything after its quote would be one cell',
      },
    ]);
  });

  it('writes all or nothing: a request that fails takes back what the earlier ones wrote', async () => {
    const workspace = (await server.store.workspaceBySlug(ws.slug))!;
    const taken = `probe:taken${Date.now()}`;
    await server.couch.bulkDocs(workspace.dbName, [{ _id: taken, type: 'probe' }]);
    // 1,500 new documents, the 1,200th with an id that exists: the second request fails.
    const docs = Array.from({ length: 1_500 }, (_, i) => ({
      _id: i === 1_199 ? taken : `probe:allornothing${i}`,
      type: 'probe',
    }));
    await expect(
      writeAllOrNothing(server.couch, workspace.dbName, docs, 'req-1'),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          path: 'import',
          message:
            'Nothing was imported: some of it was written meanwhile (the same file imported at once from elsewhere?). Check the file again.',
        },
      ],
    });
    // Read by id: on a cluster a range is answered from one copy of each shard and can still
    // list documents deleted a moment ago (decision 013).
    const ids = docs.map((d) => d._id).filter((id) => id !== taken);
    expect(await server.couch.docsById(workspace.dbName, ids)).toEqual([]);
  });

  it('limits imports per person, checks included: RATE_LIMITED with a Retry-After', async () => {
    const invite = await owner.request(`/api/workspaces/${ws.slug}/invitations`, {
      method: 'POST',
      json: { role: 'member' },
    });
    const { token } = (await invite.json()) as { token: string };
    const busy = new BrowserSession(server.url);
    await signUp(busy, newAccount('busy'));
    await busy.request(`/api/invitations/${token}/accept`, { method: 'POST' });
    for (let i = 0; i < 20; i++) expect((await importCsv(busy, 'Title\nx', true)).status).toBe(200);
    const refused = await importCsv(busy, 'Title\nx', true);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Problem).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else's imports are counted apart.
    expect((await importCsv(owner, 'Title\nx', true)).status).toBe(200);
  });

  it('is not found for someone outside the workspace', async () => {
    const stranger = new BrowserSession(server.url);
    await signUp(stranger, newAccount('stranger'));
    expect((await importCsv(stranger, 'Title\nx')).status).toBe(404);
    expect((await stranger.request(`/api/workspaces/${ws.slug}/export`)).status).toBe(404);
  });
});

describe('GET /api/workspaces/:ws/export', () => {
  it('gives every shared document as JSON to any member, read markers left out', async () => {
    const res = await viewer.request(`/api/workspaces/${ws.slug}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="keel-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = (await res.json()) as {
      format: string;
      version: number;
      workspace: { slug: string };
      documents: { _id: string; type: string; _rev?: string }[];
    };
    expect(body).toMatchObject({ format: 'keel-workspace-export', version: 1 });
    expect(body.workspace.slug).toBe('data');
    const types = new Set(body.documents.map((d) => d.type));
    for (const type of ['project', 'issue', 'label', 'activity', 'member'])
      expect(types).toContain(type);
    expect(types).not.toContain('readMarker');
    expect(body.documents.some((d) => '_rev' in d)).toBe(false);
  });

  it('gives the issues as CSV in the columns an import reads back, formulas defused', async () => {
    // A title that starts with ' and then =, as Keel's own export writes it (''=…).
    await importCsv(owner, 'Title\n=HYPERLINK("http://evil")\n"\'\'=quoted on purpose"\n\'plain');
    const res = await owner.request(`/api/workspaces/${ws.slug}/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await res.text();
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual([
      'Key',
      'Title',
      'Description',
      'State',
      'Priority',
      'Assignee',
      'Labels',
      'Estimate',
      'Due date',
      'Parent',
      'Created',
      'Updated',
    ]);
    const crash = rows.find((r) => r[1] === 'Crash on save')!;
    expect(crash.slice(0, 10)).toEqual([
      'ENG-21',
      'Crash on save',
      'Steps:\n1. Save',
      'In Progress',
      'Urgent',
      ownerEmail,
      'Bug, Frontend',
      '3',
      '2030-02-28',
      '',
    ]);
    expect(rows.some((r) => r[1] === `'=HYPERLINK("http://evil")`)).toBe(true);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);

    // Back in: the export's own file imports as it came out (Key, Parent and dates left out).
    const back = await importCsv(owner, csv, true);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ issues: rows.length - 1, ignoredColumns: [] });
    const titles = (await issuesOnServer()).map((i) => i.title);
    expect(titles).toEqual(
      expect.arrayContaining(['=HYPERLINK("http://evil")', "'=quoted on purpose", "'plain"]),
    );
    // Exported and read back, each comes back as it was.
    const reread = Papa.parse<string[]>(csv).data.map((r) => r[1]);
    expect(reread).toEqual(
      expect.arrayContaining([`'=HYPERLINK("http://evil")`, "''=quoted on purpose", "''plain"]),
    );
  });

  it('streams a CSV of more issues than one page, every issue once, in key order', async () => {
    const many = ['Title', ...Array.from({ length: 1_200 }, (_, i) => `Bulk ${i}`)].join('\n');
    expect((await importCsv(owner, many)).status).toBe(200);
    const csv = await (await owner.request(`/api/workspaces/${ws.slug}/export?format=csv`)).text();
    const rows = Papa.parse<string[]>(csv).data.slice(1);
    const issues = await issuesOnServer();
    expect(rows).toHaveLength(issues.length);
    const numbers = rows.map((r) => Number(r[0]!.slice('ENG-'.length)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('refuses a format it does not make', async () => {
    const res = await owner.request(`/api/workspaces/${ws.slug}/export?format=xml`);
    expect(res.status).toBe(422);
  });
});
