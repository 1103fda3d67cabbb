import { describe, expect, it } from 'vitest';
import { importBody, suggestPerson, suggestPriority, suggestState } from './foreign-import.ts';
import { DEFAULT_STATES } from './workflow.ts';

describe('what another tracker’s values map to', () => {
  it('takes a state of the same name, else the first of the category its words suggest', () => {
    const states = DEFAULT_STATES;
    expect(suggestState('in review', states)).toBe('in-review');
    expect(suggestState('Closed', states)).toBe('done');
    expect(suggestState('Resolved', states)).toBe('done');
    expect(suggestState('not planned', states)).toBe('canceled');
    expect(suggestState("Won't Fix", states)).toBe('canceled');
    expect(suggestState('In Development', states)).toBe('in-progress');
    expect(suggestState('Selected for Development', states)).toBe('todo');
    expect(suggestState('OPEN', states)).toBe('todo');
    expect(suggestState('Icebox', states)).toBe('backlog');
    // Nothing to go by: where new issues start.
    expect(suggestState('Zzz', states)).toBe('todo');
    expect(suggestState('', states)).toBe('todo');
  });

  it('reads Jira’s and Linear’s priorities', () => {
    expect(
      ['Highest', 'Blocker', 'High', 'Medium', 'Low', 'Lowest', 'Trivial', 'No priority', '?'].map(
        suggestPriority,
      ),
    ).toEqual([1, 1, 2, 3, 4, 4, 4, 0, 0]);
    expect(suggestPriority('urgent')).toBe(1);
  });

  it('finds an active member by email, a name only one has, or a login before their @', () => {
    const members = [
      { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', active: true },
      { userId: 'u2', name: 'Sam', email: 'sam.one@example.com', active: true },
      { userId: 'u3', name: 'Sam', email: 'sam.two@example.com', active: true },
      { userId: 'u4', name: 'Gone', email: 'gone@example.com', active: false },
    ];
    expect(suggestPerson('ADA@example.com', members)).toBe('u1');
    expect(suggestPerson('ada lovelace', members)).toBe('u1');
    expect(suggestPerson('ada', members)).toBe('u1');
    expect(suggestPerson('Sam', members)).toBeNull();
    expect(suggestPerson('sam.two', members)).toBe('u3');
    expect(suggestPerson('Gone', members)).toBeNull();
    expect(suggestPerson('  ', members)).toBeNull();
  });
});

describe('the import body', () => {
  it('is Keel’s CSV without a source, another tracker’s export with one', () => {
    expect(importBody.safeParse({ projectId: 'project:a', csv: 'Title\nx' }).success).toBe(true);
    expect(
      importBody.safeParse({ source: 'jira', projectId: 'project:a', file: 'x' }).success,
    ).toBe(true);
    const mixed = importBody.safeParse({ source: 'jira', projectId: 'project:a', csv: 'x' });
    expect(mixed.success).toBe(false);
    const unknown = importBody.safeParse({ source: 'asana', projectId: 'p', file: 'x' });
    expect(unknown.error?.issues[0]?.message).toBe(
      'Choose where the file comes from: keel, jira, linear or github',
    );
  });
});
