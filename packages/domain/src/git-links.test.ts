import { describe, expect, it } from 'vitest';
import { gitStateChoice, gitStateFor, issueKeysIn, linkActivityId, linkId } from './git-links.ts';
import { makeIssue, makeProject } from './test-fixtures.ts';

describe('issueKeysIn', () => {
  const keys = new Set(['ENG', 'WEB']);
  it('finds keys in branches, titles and bodies, in any case, each once, of projects that exist', () => {
    expect(
      issueKeysIn(
        ['eng-12-fix-login', 'Fixes ENG-12 and WEB-3', 'Closes #4; see OPS-9, ENG-7.'],
        keys,
      ),
    ).toEqual(['ENG-12', 'WEB-3', 'ENG-7']);
  });

  it('does not read a key inside a longer word or number', () => {
    expect(issueKeysIn(['XENG-1', 'ENG-12345678901', 'ENG-0', 'ENG-', 'v1-2'], keys)).toEqual([]);
    expect(issueKeysIn(['(ENG-5)', '[WEB-6]:', 'ENG-8x'], keys)).toEqual([
      'ENG-5',
      'WEB-6',
      'ENG-8',
    ]);
  });
});

describe('gitStateFor', () => {
  const project = makeProject();
  const inState = (stateId: string) => makeIssue({ stateId });
  it('starts an issue not started, and completes one not finished', () => {
    expect(gitStateFor(project, inState('backlog'), 'started')).toBe('in-progress');
    expect(gitStateFor(project, inState('todo'), 'started')).toBe('in-progress');
    expect(gitStateFor(project, inState('in-review'), 'started')).toBeNull();
    expect(gitStateFor(project, inState('in-review'), 'completed')).toBe('done');
    expect(gitStateFor(project, inState('done'), 'completed')).toBeNull();
    expect(gitStateFor(project, inState('canceled'), 'completed')).toBeNull();
  });

  it('uses the project’s choice while it is in its workflow, and nothing when turned off', () => {
    const chose = { ...project, gitStates: { started: 'in-review', completed: null } };
    expect(gitStateFor(chose, inState('todo'), 'started')).toBe('in-review');
    expect(gitStateFor(chose, inState('in-review'), 'completed')).toBeNull();
    const gone = { ...project, gitStates: { started: 'deleted-state', completed: 'todo' } };
    expect(gitStateFor(gone, inState('todo'), 'started')).toBe('in-progress');
    // A choice of the wrong category is not taken: merged means completed.
    expect(gitStateFor(gone, inState('todo'), 'completed')).toBe('done');
  });
});

describe('gitStateChoice', () => {
  it('is what the settings show and the server uses: the choice, the first of its kind, or none', () => {
    const project = makeProject();
    expect(gitStateChoice(project, 'started')).toBe('in-progress');
    expect(
      gitStateChoice(
        { ...project, gitStates: { started: 'in-review', completed: 'done' } },
        'started',
      ),
    ).toBe('in-review');
    expect(
      gitStateChoice({ ...project, gitStates: { started: 'gone', completed: null } }, 'started'),
    ).toBe('in-progress');
    expect(
      gitStateChoice({ ...project, gitStates: { started: 'gone', completed: null } }, 'completed'),
    ).toBeNull();
  });
});

describe('link ids', () => {
  it('follow from the issue and the URL, and a move from its link', () => {
    const a = linkId('issue:a', 'https://github.com/acme/app/pull/1');
    expect(a).toBe(linkId('issue:a', 'https://github.com/acme/app/pull/1'));
    expect(a).not.toBe(linkId('issue:b', 'https://github.com/acme/app/pull/1'));
    expect(a).toMatch(/^link:[0-9a-f]{28}$/);
    expect(linkActivityId(a, 'started')).not.toBe(linkActivityId(a, 'completed'));
  });
});
