import { describe, expect, it } from 'vitest';
import { newProjectDocument } from '@keel/domain';
import { sortProjects } from './sort-projects.ts';

const make = (key: string, now: string, archivedAt: string | null = null) => ({
  ...newProjectDocument({
    id: `project:${key}`,
    key,
    name: key,
    color: '#5E6AD2',
    createdBy: 'u',
    now,
  }),
  archivedAt,
});

describe('sortProjects', () => {
  it('puts archived projects last, oldest first within each group', () => {
    const list = sortProjects([
      make('OLD', '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
      make('NEW', '2026-02-01T00:00:00.000Z'),
      make('ENG', '2026-01-15T00:00:00.000Z'),
    ]);
    expect(list.map((p) => p.key)).toEqual(['ENG', 'NEW', 'OLD']);
  });
});
