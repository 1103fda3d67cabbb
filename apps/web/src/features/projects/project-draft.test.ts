import { describe, expect, it } from 'vitest';
import { newProjectDocument } from '@keel/domain';
import {
  EMPTY_PROJECT_DRAFT,
  normalizeKeyInput,
  suggestKey,
  validateProjectDraft,
} from './project-draft.ts';

const eng = newProjectDocument({
  id: 'project:p1',
  key: 'ENG',
  name: 'Engineering',
  color: '#5E6AD2',
  createdBy: 'u1',
  now: '2026-01-01T00:00:00.000Z',
});

describe('validateProjectDraft', () => {
  it('gives the domain messages for an empty draft', () => {
    expect(validateProjectDraft(EMPTY_PROJECT_DRAFT, [])).toEqual({
      key: 'Project key must be 2–5 capital letters or digits, starting with a letter',
      name: 'Project name is required',
    });
  });

  it('refuses a key that starts with a digit, is too long, or is taken', () => {
    const draft = { ...EMPTY_PROJECT_DRAFT, name: 'Ops' };
    expect(validateProjectDraft({ ...draft, key: '1AB' }, []).key).toMatch(
      /starting with a letter/,
    );
    expect(validateProjectDraft({ ...draft, key: 'ABCDEF' }, []).key).toMatch(/2–5/);
    expect(validateProjectDraft({ ...draft, key: 'ENG' }, [eng]).key).toBe(
      'A project with key ENG already exists.',
    );
    expect(validateProjectDraft({ ...draft, key: 'OPS' }, [eng])).toEqual({});
  });

  it('does not check the key of a project being edited', () => {
    expect(
      validateProjectDraft({ ...EMPTY_PROJECT_DRAFT, key: 'ENG', name: 'E' }, [eng], eng._id),
    ).toEqual({});
  });

  it('refuses an 81-character name', () => {
    expect(
      validateProjectDraft({ ...EMPTY_PROJECT_DRAFT, key: 'AB', name: 'x'.repeat(81) }, []).name,
    ).toBe('Project name must be at most 80 characters');
  });
});

it('refuses a 201st project', () => {
  const many = Array.from({ length: 200 }, (_, i) => ({ _id: `project:${i}`, key: `P${i}` }));
  expect(validateProjectDraft({ ...EMPTY_PROJECT_DRAFT, key: 'NEW', name: 'New' }, many).key).toBe(
    'A workspace has at most 200 projects',
  );
});

describe('key input', () => {
  it('upper-cases and drops spaces', () => {
    expect(normalizeKeyInput('en g')).toBe('ENG');
  });

  it('suggests a free key from the name', () => {
    expect(suggestKey('Mobile app', [])).toBe('MA');
    expect(suggestKey('Design', [])).toBe('DES');
    expect(suggestKey('Engineering', [eng])).toBe('');
    expect(suggestKey('42 things', [])).toBe('');
  });
});
