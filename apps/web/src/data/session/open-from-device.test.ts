import { describe, expect, it } from 'vitest';
import type { WorkspaceDoc } from '@keel/domain';
import { testActivity, testIssue, testProject } from '@keel/domain/test-fixtures';
import type { ReplicaChange, Seq } from '../replica-types.ts';
import { SNAPSHOT_VERSION, type SnapshotPart } from '../store-snapshot.ts';
import { WorkspaceStore } from '../workspace-store.ts';
import { openFromDevice, type OpenReplica } from './open-from-device.ts';

const project = { ...testProject(), _rev: '1-a' };
const issue = { ...testIssue(), _rev: '1-a' };
const activity = (n: number): WorkspaceDoc =>
  testActivity(n, {
    issueId: issue._id,
    createdAt: issue.createdAt,
    updatedAt: issue.createdAt,
    _rev: '1-a',
  });
const change = (doc: WorkspaceDoc, seq: number): ReplicaChange => ({
  id: doc._id,
  seq,
  deleted: false,
  doc,
});

/** A replica holding the project, the issue and two activity records at sequence 12. */
function openOver(snapshots: Partial<Record<SnapshotPart, { seq: Seq; docs: WorkspaceDoc[] }>>) {
  const store = new WorkspaceStore();
  const steps: string[] = [];
  let closed = false;
  const retitled = { ...issue, _rev: '2-b', title: 'Retitled' };
  const replica: OpenReplica = {
    changesAfter: async (since) => {
      steps.push(`changesAfter ${since}`);
      return { changes: [change(retitled, 11)], last: 12 };
    },
    updateSeq: async () => 12,
    loadTypes: async (types) => {
      steps.push(`loadTypes ${types.join(',')}`);
      return types.includes('issue') ? [project, retitled] : [activity(1), activity(2)];
    },
    changesBetween: async (since, until) => {
      steps.push(`changesBetween ${since} ${until}`);
      return [change(activity(2), 12)];
    },
  };
  const open = () =>
    openFromDevice(replica, {
      store,
      readSnapshot: async (part) => {
        const held = snapshots[part];
        return held ? { version: SNAPSHOT_VERSION, ...held } : null;
      },
      isClosed: () => closed,
      received: (changes) => store.apply(changes),
      follow: (seq) => steps.push(`follow ${seq}`),
      mainShown: () => steps.push(`main shown, history ${store.isHistoryLoaded()}`),
      keepSnapshots: (fresh, historyRead) => steps.push(`keep ${fresh} ${historyRead}`),
    });
  return { store, steps, open, close: () => (closed = true) };
}

describe('openFromDevice', () => {
  it('opens from current snapshots, with the changes saved after them joined in the first screen', async () => {
    const fake = openOver({
      main: { seq: 10, docs: [project, issue] },
      history: { seq: 12, docs: [activity(1), activity(2)] },
    });
    await fake.open();
    expect(fake.steps).toEqual([
      'changesAfter 10',
      'follow 12',
      'main shown, history false',
      'keep true true',
    ]);
    expect(fake.store.get(issue._id)).toMatchObject({ title: 'Retitled' });
    expect(fake.store.activityOf(issue._id)).toHaveLength(2);
    expect(fake.store.isHistoryLoaded()).toBe(true);
  });

  it('catches an older history snapshot up from the replica before calling it loaded', async () => {
    const fake = openOver({
      main: { seq: 10, docs: [project, issue] },
      history: { seq: 8, docs: [activity(1)] },
    });
    await fake.open();
    expect(fake.steps).toContain('changesBetween 8 12');
    expect(fake.store.activityOf(issue._id)).toHaveLength(2);
    expect(fake.store.isHistoryLoaded()).toBe(true);
    expect(fake.steps.at(-1)).toBe('keep true true');
  });

  it('reads the replica when there is no snapshot, and says the snapshots are not current', async () => {
    const fake = openOver({});
    await fake.open();
    expect(fake.steps).toEqual([
      'loadTypes member,project,label,issue,readMarker,relation,cycle,milestone,view,favorite,notice,link,attachment',
      'follow 12',
      'main shown, history false',
      'loadTypes comment,activity,conflict',
      'keep false false',
    ]);
    expect(fake.store.isLoaded() && fake.store.isHistoryLoaded()).toBe(true);
  });

  it('stops where it is when the session closes', async () => {
    const fake = openOver({ main: { seq: 10, docs: [project, issue] } });
    const opening = fake.open();
    fake.close();
    await opening;
    expect(fake.steps).toEqual(['changesAfter 10']);
    expect(fake.store.isLoaded()).toBe(false);
  });
});
