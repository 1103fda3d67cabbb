import { describe, expect, it } from 'vitest';
import { cycleId, lookupOfDocs, newFavorite, newSavedView, type WorkspaceDoc } from '@keel/domain';
import { FIXTURE_TIME, testIssue, testProject } from '@keel/domain/test-fixtures';
import { favoriteEntry } from './use-favorites.ts';

const project = testProject();
const issue = testIssue({ number: 7, title: 'Fix login' });
const cycle: WorkspaceDoc = {
  _id: cycleId(project._id, 3),
  type: 'cycle',
  projectId: project._id,
  number: 3,
  name: '',
  startsOn: '2026-01-05',
  endsOn: '2026-01-18',
  completedAt: null,
  createdAt: FIXTURE_TIME,
  updatedAt: FIXTURE_TIME,
};
const view = (ownerId: string, shared: boolean) => ({
  ...newSavedView({ name: 'Bugs', query: '', projectId: null, ownerId, shared, now: FIXTURE_TIME }),
  _id: 'view:v1',
});
const entry = (target: string, docs: WorkspaceDoc[]) =>
  favoriteEntry(
    newFavorite({ userId: 'u1', target, sortOrder: 'a0', now: FIXTURE_TIME }),
    lookupOfDocs(docs).get,
    '/acme',
    'u1',
  );

describe('favoriteEntry', () => {
  it('names each kind and leads to its page', () => {
    const docs = [project, issue, cycle, view('u1', false)];
    expect(entry(issue._id, docs)).toMatchObject({
      kind: 'issue',
      name: 'ENG-7 Fix login',
      to: '/acme/issue/ENG-7',
    });
    expect(entry(project._id, docs)).toMatchObject({
      name: 'Engineering',
      to: '/acme/projects/ENG',
    });
    expect(entry(cycle._id, docs)).toMatchObject({
      name: 'ENG Cycle 3',
      to: '/acme/projects/ENG/cycles/3',
    });
    expect(entry('view:v1', docs)).toMatchObject({ kind: 'view', to: '/acme/views/v1' });
  });

  it('leaves out what is gone, and a view its owner made personal', () => {
    expect(entry(issue._id, [project])).toBeNull();
    expect(entry(issue._id, [issue])).toBeNull(); // its project is gone
    expect(entry('view:v1', [view('u2', false)])).toBeNull();
    expect(entry('view:v1', [view('u2', true)])).not.toBeNull();
  });
});
