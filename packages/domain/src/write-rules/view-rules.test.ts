import { describe, expect, it } from 'vitest';
import type { FavoriteDoc, ViewDoc, WorkspaceDoc } from '../documents.ts';
import { favoriteId, newFavorite } from '../favorites.ts';
import type { Role } from '../fields.ts';
import { LIMITS } from '../limits.ts';
import { FIXTURE_TIME, testIssue, testProject } from '../test-fixtures.ts';
import { checkWorkspaceWrite } from './check-workspace-write.ts';
import { readsOfBatch } from './batch-reads.ts';
import { lookupOfDocs } from './lookup.ts';
import {
  FAVORITE_OF_PRIVATE_VIEW,
  FAVORITE_TARGET_NOT_FOUND,
  FAVORITES_LIMIT,
  VIEW_PROJECT_NOT_FOUND,
  VIEW_SHARE_FORBIDDEN,
  VIEW_STAYS_SHARED,
  VIEWS_LIMIT,
} from './view-rules.ts';

const project = testProject();
const issue = testIssue({ number: 1, _rev: '1-a' });
const view = (n: number, over: Partial<ViewDoc> = {}): ViewDoc => ({
  _id: `view:v${n}`,
  type: 'view',
  name: `View ${n}`,
  query: 'state=todo',
  projectId: null,
  ownerId: 'u1',
  shared: false,
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
  ...over,
});
const mine = { ...view(1), _rev: '1-a' };
const sharedByMember = { ...view(2, { ownerId: 'u2', shared: true }), _rev: '1-a' };
const privateOfOther = { ...view(3, { ownerId: 'u2' }), _rev: '1-a' };
const workspace: WorkspaceDoc[] = [project, issue, mine, sharedByMember, privateOfOther];

function verdictOf(doc: unknown, role: Role = 'member', userId = 'u1', held = workspace) {
  const [verdict] = checkWorkspaceWrite(
    [doc],
    { role, userId, tombstone: () => null, numberReserved: () => true },
    lookupOfDocs(held),
  );
  return verdict!.ok ? 'ok' : `${verdict!.code} ${verdict!.reason}`;
}

describe('saved views', () => {
  it('are every role’s to keep for themselves, in their own name', () => {
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const)
      expect(verdictOf(view(9), role)).toBe('ok');
    expect(verdictOf(view(9, { ownerId: 'u2' }))).toMatch(/^FORBIDDEN/);
  });

  it('are shared by owners, admins and members, never by a viewer', () => {
    expect(verdictOf(view(9, { shared: true }), 'member')).toBe('ok');
    expect(verdictOf(view(9, { shared: true }), 'viewer')).toBe(
      `FORBIDDEN ${VIEW_SHARE_FORBIDDEN}`,
    );
    expect(verdictOf({ ...mine, shared: true }, 'viewer')).toBe(
      `FORBIDDEN ${VIEW_SHARE_FORBIDDEN}`,
    );
  });

  it('another’s personal view is nobody else’s, an admin’s neither', () => {
    expect(verdictOf({ ...privateOfOther, name: 'Mine now' }, 'admin')).toMatch(/^FORBIDDEN/);
    expect(verdictOf({ _id: privateOfOther._id, _rev: '1-a', _deleted: true }, 'owner')).toMatch(
      /^FORBIDDEN/,
    );
  });

  it('another’s shared view is an admin’s to edit or delete, not a member’s', () => {
    expect(verdictOf({ ...sharedByMember, query: 'priority=1' }, 'admin')).toBe('ok');
    expect(verdictOf({ _id: sharedByMember._id, _rev: '1-a', _deleted: true }, 'admin')).toBe('ok');
    expect(verdictOf({ ...sharedByMember, query: 'priority=1' }, 'member')).toMatch(/^FORBIDDEN/);
  });

  it('stays shared when an admin edits another’s, and keeps its owner', () => {
    expect(verdictOf({ ...sharedByMember, shared: false }, 'admin')).toBe(
      `FORBIDDEN ${VIEW_STAYS_SHARED}`,
    );
    expect(verdictOf({ ...sharedByMember, shared: false }, 'member', 'u2')).toBe('ok');
    expect(verdictOf({ ...sharedByMember, ownerId: 'u1' }, 'admin')).toMatch(/^FORBIDDEN/);
  });

  it('filters a project of the workspace, or all issues', () => {
    expect(verdictOf(view(9, { projectId: project._id }))).toBe('ok');
    expect(verdictOf(view(9, { projectId: 'project:gone' }))).toBe(
      `VALIDATION_FAILED ${VIEW_PROJECT_NOT_FOUND}`,
    );
  });

  it('whose project was deleted since can still be renamed or deleted', () => {
    const ofGone = { ...view(7, { projectId: 'project:gone' }), _rev: '1-a' };
    const held = [...workspace, ofGone];
    expect(verdictOf({ ...ofGone, name: 'Renamed' }, 'member', 'u1', held)).toBe('ok');
    expect(verdictOf({ _id: ofGone._id, _rev: '1-a', _deleted: true }, 'member', 'u1', held)).toBe(
      'ok',
    );
  });

  it('holds a URL query of printable characters, at most 2,000', () => {
    expect(verdictOf(view(9, { query: 'q=a b' }))).toMatch(/must be a URL query/);
    expect(verdictOf(view(9, { query: `q=${'a'.repeat(2_000)}` }))).toMatch(/at most 2,000/);
    expect(verdictOf(view(9, { name: '  ' }))).toMatch(/View name/);
  });

  it('are at most 200 a workspace, counted on creation only', () => {
    const full = [
      project,
      ...Array.from({ length: LIMITS.viewsPerWorkspace }, (_, i) => ({
        ...view(100 + i, { ownerId: `u${i % 7}` }),
        _rev: '1-a',
      })),
    ];
    expect(verdictOf(view(9), 'member', 'u1', full)).toBe(`VALIDATION_FAILED ${VIEWS_LIMIT}`);
    const held = full[1] as ViewDoc;
    expect(verdictOf({ ...held, name: 'Renamed' }, 'owner', held.ownerId, full)).toBe('ok');
  });
});

describe('favourites', () => {
  const pin = (target: string, userId = 'u1'): FavoriteDoc =>
    newFavorite({ userId, target, sortOrder: 'a0', now: FIXTURE_TIME });

  it('pin an issue, project, view or cycle of the workspace, for every role', () => {
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      expect(verdictOf(pin(issue._id), role)).toBe('ok');
      expect(verdictOf(pin(project._id), role)).toBe('ok');
      expect(verdictOf(pin(sharedByMember._id), role)).toBe('ok');
    }
    expect(verdictOf(pin('issue:gone'))).toBe(`VALIDATION_FAILED ${FAVORITE_TARGET_NOT_FOUND}`);
    // Its id would name a label: no favourite id has that shape.
    expect(verdictOf(pin('label:l1'))).toBe('VALIDATION_FAILED Unknown document id');
  });

  it('never pin another’s personal view', () => {
    expect(verdictOf(pin(privateOfOther._id))).toBe(
      `VALIDATION_FAILED ${FAVORITE_OF_PRIVATE_VIEW}`,
    );
  });

  it('are each person’s own: made, moved and removed by them alone', () => {
    expect(verdictOf(pin(issue._id, 'u2'))).toMatch(/^FORBIDDEN/);
    const theirs = { ...pin(issue._id, 'u2'), _rev: '1-a' };
    const held = [...workspace, theirs];
    expect(verdictOf({ ...theirs, sortOrder: 'b0' }, 'admin', 'u1', held)).toMatch(/^FORBIDDEN/);
    expect(
      verdictOf({ _id: theirs._id, _rev: '1-a', _deleted: true }, 'owner', 'u1', held),
    ).toMatch(/^FORBIDDEN/);
    expect(verdictOf({ ...theirs, sortOrder: 'b0' }, 'viewer', 'u2', held)).toBe('ok');
  });

  it('of a view made in the same batch pass, in whichever order they were sent', () => {
    const made = view(8);
    const pinned = pin(made._id);
    for (const batch of [
      [pinned, made],
      [made, pinned],
    ]) {
      const verdicts = checkWorkspaceWrite(
        batch,
        { role: 'viewer', userId: 'u1', tombstone: () => null, numberReserved: () => true },
        lookupOfDocs(workspace),
      );
      expect(verdicts.map((v) => v.ok)).toEqual([true, true]);
    }
  });

  it('are stored under the id of their person and target', () => {
    expect(verdictOf({ ...pin(issue._id), _id: favoriteId('u1', project._id) })).toMatch(
      /stored under the id of its person and target/,
    );
    expect(verdictOf({ ...pin(issue._id), _id: 'favorite:u1.issue.other' })).toMatch(
      /stored under the id/,
    );
  });

  it('are at most 100 a person; another person’s do not count', () => {
    const own = Array.from({ length: LIMITS.favoritesPerPerson }, (_, i) => ({
      ...pin(`issue:n${i}`),
      _rev: '1-a',
    }));
    const others = own.map((f) => ({ ...pin(f.target, 'u2'), _rev: '1-a' }));
    expect(verdictOf(pin(issue._id), 'member', 'u1', [...workspace, ...own])).toBe(
      `VALIDATION_FAILED ${FAVORITES_LIMIT}`,
    );
    expect(verdictOf(pin(issue._id), 'member', 'u1', [...workspace, ...others])).toBe('ok');
  });

  it('read the target and the writer’s favourites, only when one is made', () => {
    const reads = readsOfBatch([pin(issue._id)], () => undefined);
    expect([...reads.ids]).toContain(issue._id);
    expect([...reads.lists]).toEqual(['favorite']);
    const held = { ...pin(issue._id), _rev: '1-a' };
    const moved = readsOfBatch([{ ...held, sortOrder: 'b' }], () => held);
    expect([...moved.lists]).toEqual([]);
  });
});
