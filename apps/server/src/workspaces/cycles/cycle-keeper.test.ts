import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cycleId,
  rolloverActivityId,
  ROLLOVER_ACTOR,
  type CycleDoc,
  type IssueDoc,
  type ProjectDoc,
} from '@keel/domain';
import type { BrowserSession } from '../../testing/browser-session.ts';
import { anotherInstance } from '../../testing/instances.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  storedDoc,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';
import { CycleKeeper } from './cycle-keeper.ts';

/**
 * The cycle keeper against the real embedded database, with a clock the test moves: it keeps a
 * project's cycles scheduled, and rolls an ended cycle over once, also when two instances pass
 * at the same moment.
 */
let now = Date.parse('2026-11-27T09:00:00.000Z');
const clock = () => now;
let server: TestServer;
let second: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('cycles', { now: clock }));
  second = await anotherInstance(server);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const push = async (docs: object[]) => {
  const res = await owner.request(`/db/${ws.slug}/_bulk_docs`, { method: 'POST', json: { docs } });
  expect(res.status).toBe(201);
  const rows = (await res.json()) as { ok?: boolean; reason?: string }[];
  expect(rows.filter((r) => !r.ok)).toEqual([]);
};
const cycles = async () =>
  (await server.couch.docsWithPrefix<CycleDoc>(dbName, 'cycle:')).sort(
    (a, b) => a.number - b.number,
  );

describe('the cycle keeper', () => {
  it('schedules the current cycle and the planned ones once cycles are on', async () => {
    expect(await server.cycles.pass()).toMatchObject({ scheduled: 0 });
    const project = (await storedDoc(owner, ws.slug, ws.projectId)) as ProjectDoc;
    await push([
      {
        ...project,
        cycles: { enabled: true, weeks: 2, startWeekday: 1, upcoming: 2 },
        updatedAt: new Date(now).toISOString(),
      },
    ]);
    expect(await server.cycles.pass()).toMatchObject({ scheduled: 3, rolledOver: 0 });
    expect((await cycles()).map((c) => [c.number, c.startsOn, c.endsOn, c.completedAt])).toEqual([
      [1, '2026-11-23', '2026-12-06', null],
      [2, '2026-12-07', '2026-12-20', null],
      [3, '2026-12-21', '2027-01-03', null],
    ]);
    // Nothing more the same day, nor from the other instance.
    expect(await second.cycles.pass()).toMatchObject({ scheduled: 0 });
  });

  it('rolls an ended cycle over exactly once, with two instances passing at once', async () => {
    const inFirst = cycleId(ws.projectId, 1);
    const open = issueDoc(ws, { number: 1, title: 'Ship search', cycleId: inFirst });
    const started = issueDoc(ws, {
      number: 2,
      title: 'Index the titles',
      cycleId: inFirst,
      stateId: 'in-progress',
    });
    const done = issueDoc(ws, {
      number: 3,
      title: 'Pick a library',
      cycleId: inFirst,
      stateId: 'done',
      completedAt: new Date(now).toISOString(),
    });
    await push([open, started, done]);

    now = Date.parse('2026-12-07T00:30:00.000Z');
    // Each instance with its own connection, as two servers behind a balancer have.
    const keepers = [server, second].map(
      (s) => new CycleKeeper(s.couch, s.store, s.app.log, clock),
    );
    const work = await Promise.all(keepers.map((k) => k.pass()));
    expect(work.reduce((n, w) => n + w.moved, 0)).toBe(2);
    expect(work.reduce((n, w) => n + w.scheduled, 0)).toBe(1);

    const held = await cycles();
    expect(held.map((c) => c.number)).toEqual([1, 2, 3, 4]);
    expect(held[0]!.completedAt).toBe('2026-12-07T00:00:00.000Z');
    const issues = await server.couch.docsById<IssueDoc & { _conflicts?: string[] }>(dbName, [
      open._id,
      started._id,
      done._id,
    ]);
    expect(issues.map((i) => i.cycleId)).toEqual([
      cycleId(ws.projectId, 2),
      cycleId(ws.projectId, 2),
      inFirst,
    ]);
    for (const issue of [open, started]) {
      const leaves = await server.couch.allLeaves(dbName, issue._id);
      expect(leaves, 'one version, no conflict').toHaveLength(1);
    }
    const activities = (
      await server.couch.docsWithPrefix<{ _id: string; issueId: string }>(dbName, 'activity:')
    ).filter((a) => a._id.startsWith('activity:rollover-'));
    expect(activities.map((a) => a._id).sort()).toEqual(
      [rolloverActivityId(1, open._id), rolloverActivityId(1, started._id)].sort(),
    );
    expect(activities[0]).toMatchObject({ kind: 'cycle', actorId: ROLLOVER_ACTOR });

    // Later passes find nothing to do.
    expect(await server.cycles.pass()).toEqual({ scheduled: 0, rolledOver: 0, moved: 0 });

    // A device that put an issue in the first cycle offline syncs after it ended: the write is
    // taken, and the issue stays where its person put it (decision 021).
    const late = issueDoc(ws, { number: 4, title: 'Write the changelog', cycleId: inFirst });
    await push([late]);
    expect(await second.cycles.pass()).toEqual({ scheduled: 0, rolledOver: 0, moved: 0 });
    expect((await storedDoc(owner, ws.slug, late._id))?.cycleId).toBe(inFirst);
  });

  it('after a pause, moves issues past the cycles that ended meanwhile, once', async () => {
    // Cycles 2 (Dec 7–20) and 3 (Dec 21–Jan 3) both ended; cycle 4 (Jan 4–17) is current.
    now = Date.parse('2027-01-05T08:00:00.000Z');
    const work = await server.cycles.pass();
    expect(work).toMatchObject({ rolledOver: 2, moved: 2 });
    const held = await cycles();
    expect(held.filter((c) => c.completedAt).map((c) => c.number)).toEqual([1, 2, 3]);
    const inCurrent = cycleId(ws.projectId, 4);
    const moved = await server.couch.docsWithPrefix<IssueDoc>(dbName, 'issue:');
    const stayed = ['Pick a library', 'Write the changelog'];
    expect(moved.filter((i) => !stayed.includes(i.title)).map((i) => i.cycleId)).toEqual([
      inCurrent,
      inCurrent,
    ]);
    // The issue synced into the completed first cycle is still there.
    expect(moved.find((i) => i.title === 'Write the changelog')?.cycleId).toBe(
      cycleId(ws.projectId, 1),
    );
    const activities = await server.couch.docsWithPrefix<{ _id: string; to: unknown }>(
      dbName,
      'activity:rollover-2-',
    );
    expect(activities.map((a) => a.to)).toEqual([inCurrent, inCurrent]);
    expect(
      await server.couch.docsWithPrefix(dbName, 'activity:rollover-3-'),
      'cycle 3 held none of them',
    ).toEqual([]);
    expect(await server.cycles.pass()).toEqual({ scheduled: 0, rolledOver: 0, moved: 0 });
  });
});
