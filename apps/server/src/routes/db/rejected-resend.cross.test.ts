import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newActivityDocument,
  newDocId,
  stampIssueEdits,
  type IssueDoc,
  type LabelDoc,
  type WorkspaceDoc,
} from '@keel/domain';
import { inHandlingOrder } from '../../../../web/src/data/rejected/denial-order.ts';
import {
  handleDenial,
  type DenialContext,
  type DenialOutcome,
} from '../../../../web/src/data/rejected/handle-denial.ts';
import { sameContent } from '../../../../web/src/data/rejected/same-content.ts';
import { ResendBudget } from '../../../../web/src/data/rejected/sent-too-early.ts';
import type { Denial } from '../../../../web/src/data/replica-types.ts';
import {
  currentVersion,
  readDenial,
  writeDocs,
  type DocsDb,
} from '../../../../web/src/data/replica-docs.ts';
import type { BrowserSession } from '../../testing/browser-session.ts';
import { fetchAs, pouchNode, type Replication } from '../../testing/pouch-node.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  storedDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';

/**
 * What the browser does with a refused document (apps/web/src/data/rejected/) run
 * against the real server and embedded database, with a LevelDB PouchDB standing in for the
 * browser's IndexedDB replica (same PouchDB core, same replication code). PouchDB pushes the
 * latest revision of whatever is queued, so an issue edited to carry a label made a moment
 * earlier can reach the server before the label: that refusal is sent again, not undone.
 */

interface Db extends DocsDb {
  allDocs(options: { keys: string[]; include_docs: true }): ReturnType<DocsDb['allDocs']>;
  allDocs(options: { include_docs: true }): Promise<{ rows: { id: string; doc?: object }[] }>;
  put(doc: object): Promise<{ rev: string }>;
  get<T = Record<string, unknown>>(id: string): Promise<T & { _id: string; _rev: string }>;
  close(): Promise<void>;
  replicate: {
    from(remote: Db, options?: object): Replication;
    to(remote: Db, options?: object): Replication;
  };
}
const PouchDB = pouchNode<Db>();

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dir: string;
let projectKey: string;

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('resend'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-resend-'));
  projectKey = String((await storedDoc(owner, ws.slug, ws.projectId))?.key);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const remoteUrl = () => `${server.url}/db/${ws.slug}`;
// What the browser's cookie jar does for it: the signed-in session on every request.
const withSession = (url: string | Request, opts?: RequestInit) =>
  fetchAs(PouchDB, owner)(url, opts);
const remote = () => new PouchDB(remoteUrl(), { skip_setup: true, fetch: withSession });
let dbs = 0;

/** A device replica holding what the server has (the project, the owner's member document). */
async function device(): Promise<Db> {
  const db = new PouchDB(path.join(dir, `device-${++dbs}`));
  await db.replicate.from(remote());
  return db;
}

/** Push the device's changes (only `ids`, when given) and return what the server refused. */
async function push(db: Db, ids?: string[]): Promise<Denial[]> {
  const denied: Denial[] = [];
  await db.replicate
    .to(remote(), ids ? { doc_ids: ids } : {})
    .on('denied', (row) => denied.push(readDenial(row)));
  return denied;
}

/** Save on the device as the session does: an issue edit records when each field changed. */
async function save(db: Db, doc: WorkspaceDoc): Promise<WorkspaceDoc> {
  const previous = await db.get<WorkspaceDoc>(doc._id).catch(() => null);
  const stamped =
    doc.type === 'issue' && previous?.type === 'issue'
      ? stampIssueEdits(doc, previous, new Date().toISOString())
      : doc;
  const { rev } = await db.put({ ...stamped, ...(previous ? { _rev: previous._rev } : {}) });
  return { ...stamped, _rev: rev };
}

/** What the session hands `handleDenial`, with the device's documents as the store's lookup. */
async function contextFor(db: Db, resends = new ResendBudget()): Promise<DenialContext> {
  const { rows } = await db.allDocs({ include_docs: true });
  const store = new Map(rows.map((row) => [row.id, row.doc as WorkspaceDoc]));
  return {
    replica: { current: (id) => currentVersion(db, id), bulk: (docs) => writeDocs(db, docs) },
    remoteUrl: remoteUrl(),
    fetchRemote: withSession,
    userId: ws.userId,
    slug: ws.slug,
    lookup: (id) => store.get(id),
    resends,
  };
}

/** Handle a batch of refusals one after another, in the session's order. */
async function handleAll(denials: Denial[], ctx: DenialContext) {
  const outcomes: [string, DenialOutcome][] = [];
  for (const denial of inHandlingOrder(denials))
    outcomes.push([denial.id, await handleDenial(denial, ctx)]);
  return outcomes;
}

const now = () => new Date().toISOString();
const label = (name: string): LabelDoc => ({
  _id: newDocId('label'),
  type: 'label',
  name,
  color: '#336699',
  createdBy: ws.userId,
  createdAt: now(),
  updatedAt: now(),
});
/** The activity record the session writes with a change of an issue's labels. */
const labelsRecord = (issueId: string, to: string[]) =>
  newActivityDocument({
    id: newDocId('activity'),
    issueId,
    actorId: ws.userId,
    kind: 'labels',
    from: [],
    to,
    now: now(),
  });
const generation = (rev: string | undefined) => Number.parseInt(rev ?? '', 10);

describe('a change sent before what it points at', () => {
  it('is sent again with the same content, and the server takes it once the label is there', async () => {
    const db = await device();
    const issue = await save(db, issueDoc(ws, { number: 2, title: 'Sent too early' }));
    expect(await push(db)).toEqual([]);

    // On the device: a new label, then the issue edited to carry it, with its activity record.
    const bug = label('Found on device');
    await save(db, bug);
    const edited = (await save(db, {
      ...(issue as IssueDoc),
      labelIds: [bug._id],
      updatedAt: now(),
    })) as IssueDoc & { _rev: string };
    const record = await save(db, labelsRecord(issue._id, [bug._id]));

    // The issue and its record reach the server before the label does.
    const denials = await push(db, [record._id, issue._id]);
    expect(denials.map((d) => d.id).sort()).toEqual([record._id, issue._id].sort());
    const refusal = denials.find((d) => d.id === issue._id);
    expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refusal?.reason).toContain('Each label must be a label of this workspace');

    const before = await currentVersion(db, issue._id);
    const recordBefore = await currentVersion(db, record._id);
    const outcomes = await handleAll(denials, await contextFor(db));
    // The record follows its issue change: both are sent again.
    expect(outcomes).toEqual([
      [issue._id, { kind: 'resent' }],
      [record._id, { kind: 'resent' }],
    ]);

    // A new revision on the device, saying exactly what it said.
    const after = await currentVersion(db, issue._id);
    expect(generation(after?.rev)).toBe(generation(before?.rev) + 1);
    expect(after?.deleted).toBe(false);
    expect(sameContent(after?.doc ?? null, edited)).toBe(true);
    expect((after?.doc as IssueDoc).labelIds).toEqual([bug._id]);
    const recordAfter = await currentVersion(db, record._id);
    expect(generation(recordAfter?.rev)).toBe(generation(recordBefore?.rev) + 1);
    expect(sameContent(recordAfter?.doc ?? null, record)).toBe(true);
    // Nothing reached the server yet: it still has the issue as it was.
    expect((await storedDoc(owner, ws.slug, issue._id))?.labelIds).toEqual([]);

    // Live sync would carry everything now; the label goes with them and all are taken.
    expect(await push(db)).toEqual([]);
    const stored = await storedDoc(owner, ws.slug, issue._id);
    expect(stored?.labelIds).toEqual([bug._id]);
    expect(stored?._rev).toBe(after?.rev);
    expect(sameContent(stored, edited)).toBe(true);
    expect((await storedDoc(owner, ws.slug, bug._id))?.name).toBe('Found on device');
    expect((await storedDoc(owner, ws.slug, record._id))?._rev).toBe(recordAfter?.rev);
    await db.close();
  });

  it('is sent again at most three times, then undone like any refusal', async () => {
    const db = await device();
    const issue = await save(db, issueDoc(ws, { number: 3, title: 'Refused again and again' }));
    expect(await push(db)).toEqual([]);
    const serverVersion = await storedDoc(owner, ws.slug, issue._id);

    const late = label('Never pushed');
    await save(db, late);
    await save(db, { ...(issue as IssueDoc), labelIds: [late._id], updatedAt: now() });

    // Only the issue ever goes up, so each time it is refused for the same reason.
    const ctx = await contextFor(db);
    const kinds: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const denials = await push(db, [issue._id]);
      expect(denials.map((d) => d.id)).toEqual([issue._id]);
      kinds.push(...(await handleAll(denials, ctx)).map(([, outcome]) => outcome.kind));
    }
    expect(kinds).toEqual(['resent', 'resent', 'resent', 'undone']);

    // Undone: the device shows the server's version again.
    const local = await currentVersion(db, issue._id);
    expect(local?.deleted).toBe(false);
    expect(sameContent(local?.doc ?? null, serverVersion)).toBe(true);
    // Nothing is left to refuse: the restored version is what the server has.
    expect(await push(db, [issue._id])).toEqual([]);
    await db.close();
  });
});

describe('a change pointing at what exists nowhere', () => {
  it('an edit is undone: the server’s version comes back on the device, the text is kept', async () => {
    const db = await device();
    const issue = await save(db, issueDoc(ws, { number: 4, title: 'Label that never was' }));
    expect(await push(db)).toEqual([]);
    const serverVersion = await storedDoc(owner, ws.slug, issue._id);

    const missing = newDocId('label');
    await save(db, { ...(issue as IssueDoc), labelIds: [missing], updatedAt: now() });
    const record = await save(db, labelsRecord(issue._id, [missing]));
    const denials = await push(db);
    expect(denials.map((d) => d.id).sort()).toEqual([record._id, issue._id].sort());

    const outcomes = await handleAll(denials, await contextFor(db));
    expect(outcomes.map(([id]) => id)).toEqual([issue._id, record._id]);
    expect(outcomes[0]?.[1]).toMatchObject({
      kind: 'undone',
      message: `Your change to ${projectKey}-4 wasn't saved: Each label must be a label of this workspace. It was undone; your text is kept under Rejected changes.`,
      kept: { docId: issue._id, subject: `${projectKey}-4`, text: 'Labels: a deleted label' },
    });
    // The record follows its change: undone too, silently (nobody typed it).
    expect(outcomes[1]?.[1]).toEqual({ kind: 'undone', message: null, kept: null });

    const local = await currentVersion(db, issue._id);
    expect(local?.deleted).toBe(false);
    expect(sameContent(local?.doc ?? null, serverVersion)).toBe(true);
    expect(await currentVersion(db, record._id)).toMatchObject({ deleted: true, doc: null });
    // The undo goes up as an edit that changes nothing; the server keeps what it had.
    expect(await push(db)).toEqual([]);
    const stored = await storedDoc(owner, ws.slug, issue._id);
    expect(sameContent(stored, serverVersion)).toBe(true);
    expect(await storedDoc(owner, ws.slug, record._id)).toBeNull();
    await db.close();
  });

  it('a new issue is removed from the device, and its removal does not loop', async () => {
    const db = await device();
    const issue = await save(
      db,
      issueDoc(ws, { number: 5, title: 'New and wrong', labelIds: [newDocId('label')] }),
    );
    const denials = await push(db);
    expect(denials.map((d) => d.id)).toEqual([issue._id]);

    const ctx = await contextFor(db);
    const outcome = (await handleAll(denials, ctx))[0]?.[1];
    expect(outcome).toMatchObject({ kind: 'undone', kept: { docId: issue._id } });
    expect(outcome?.kind === 'undone' && outcome.kept?.text).toContain('Title: New and wrong');

    const local = await currentVersion(db, issue._id);
    expect(local).toMatchObject({ deleted: true, doc: null });
    expect(await storedDoc(owner, ws.slug, issue._id)).toBeNull();

    // The removal goes up without a refusal; the same refusal reported again (a retried batch)
    // finds the device already showing what the server has, and changes nothing.
    expect(await push(db)).toEqual([]);
    expect(await storedDoc(owner, ws.slug, issue._id)).toBeNull();
    expect(await handleDenial(denials[0]!, ctx)).toEqual({ kind: 'ignored' });
    expect(await currentVersion(db, issue._id)).toEqual(local);
    await db.close();
  });
});
