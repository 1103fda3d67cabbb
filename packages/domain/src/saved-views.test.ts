import { describe, expect, it } from 'vitest';
import type { ViewDoc } from './documents.ts';
import {
  canonicalViewQuery,
  mayEditView,
  newSavedView,
  viewChanged,
  viewsFor,
} from './saved-views.ts';
import { FIXTURE_TIME } from './test-fixtures.ts';

const view = (name: string, ownerId: string, shared: boolean): ViewDoc =>
  newSavedView({ name, query: '', projectId: null, ownerId, shared, now: FIXTURE_TIME });

describe('saved views', () => {
  it('keep the query as the list writes it, so two spellings compare equal', () => {
    expect(canonicalViewQuery('group=priority&priority=1&junk=1')).toBe(
      canonicalViewQuery('priority=1&group=priority'),
    );
    const saved = newSavedView({
      name: 'Urgent',
      query: 'priority=1&sort=bogus',
      projectId: null,
      ownerId: 'u1',
      shared: false,
      now: FIXTURE_TIME,
    });
    expect(saved.query).toBe(canonicalViewQuery('priority=1'));
    expect(viewChanged(saved, 'priority=1')).toBe(false);
    expect(viewChanged(saved, 'priority=1,2')).toBe(true);
    expect(viewChanged(saved, '')).toBe(true);
  });

  it('list a person’s own and the shared ones, by name', () => {
    const all = [
      view('beta', 'u1', false),
      view('Alpha', 'u2', true),
      view('Hidden', 'u2', false),
      view('gamma', 'u3', true),
    ];
    expect(viewsFor(all, 'u1').map((v) => v.name)).toEqual(['Alpha', 'beta', 'gamma']);
  });

  it('are edited by their owner, and shared ones by admins too', () => {
    const own = view('Mine', 'u1', false);
    const shared = view('Team', 'u2', true);
    const personal = view('Theirs', 'u2', false);
    expect(mayEditView(own, 'viewer', 'u1')).toBe(true);
    expect(mayEditView({ ...own, shared: true }, 'viewer', 'u1')).toBe(false);
    expect(mayEditView(shared, 'member', 'u1')).toBe(false);
    expect(mayEditView(shared, 'admin', 'u1')).toBe(true);
    expect(mayEditView(personal, 'owner', 'u1')).toBe(false);
  });
});
