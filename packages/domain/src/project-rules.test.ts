import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectDocSchema } from './documents.ts';
import {
  newProjectDocument,
  projectKeyTaken,
  projectKeyTakenMessage,
  projectProblem,
} from './project-rules.ts';
import { DEFAULT_STATES } from './workflow.ts';

const now = '2026-01-01T00:00:00.000Z';
const make = (id: string, key: string) =>
  newProjectDocument({ id, key, name: key, color: '#5E6AD2', createdBy: 'u1', now });

describe('project rules', () => {
  it('a new project passes the schema with the default states, copied', () => {
    const p = make('project:p1', 'eng');
    expect(p.key).toBe('ENG');
    expect(projectDocSchema.safeParse(p).success).toBe(true);
    expect(p.states).toEqual(DEFAULT_STATES);
    expect(p.states[0]).not.toBe(DEFAULT_STATES[0]);
  });

  it('a key is taken by another project, not by the project itself', () => {
    const projects = [make('project:p1', 'ENG')];
    expect(projectKeyTaken('ENG', projects)).toBe(true);
    expect(projectKeyTaken(' eng ', projects)).toBe(true);
    expect(projectKeyTaken('ENG', projects, 'project:p1')).toBe(false);
    expect(projectKeyTaken('OPS', projects)).toBe(false);
  });

  it('the message is the catalogue one', () => {
    expect(projectKeyTakenMessage('eng')).toBe('A project with key ENG already exists.');
  });

  it('projectProblem refuses a taken key on create only', () => {
    const eng = make('project:p1', 'ENG');
    const dup = make('project:p2', 'ENG');
    expect(projectProblem(dup, null, [eng])).toEqual({
      code: 'PROJECT_KEY_TAKEN',
      path: 'key',
      message: 'A project with key ENG already exists.',
    });
    expect(projectProblem({ ...eng, name: 'Renamed' }, eng, [eng])).toBeNull();
    expect(projectProblem(make('project:p3', 'OPS'), null, [eng])).toBeNull();
  });

  it('refuses a 201st project', () => {
    const many = Array.from({ length: 200 }, (_, i) => make(`project:p${i}`, `P${i}`));
    expect(projectProblem(make('project:new', 'NEW'), null, many)?.message).toMatch(/at most 200/);
  });

  it('for any set of keys, a key is taken exactly when another project has it (property)', () => {
    const key = fc.stringMatching(/^[A-Z][A-Z0-9]{1,4}$/);
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 20 }), key, (keys, wanted) => {
        const projects = keys.map((k, i) => make(`project:p${i}`, k));
        expect(projectKeyTaken(wanted, projects)).toBe(keys.includes(wanted));
      }),
    );
  });
});
