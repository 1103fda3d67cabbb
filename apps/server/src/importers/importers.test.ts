import { describe, expect, it } from 'vitest';
import { isoDate } from './foreign-issue.ts';
import { readGithubIssuesJson } from './github-issues-json.ts';
import { readJiraCsv } from './jira-csv.ts';
import { jiraWikiToMarkdown } from './jira-wiki.ts';
import { readLinearCsv } from './linear-csv.ts';

describe('Jira wiki markup as Markdown', () => {
  it('converts headings, emphasis, links, mentions, lists, quotes and tables', () => {
    const wiki = [
      'h2. Steps',
      '# Open the *login* page',
      '## Type _anything_ into {{email}}',
      '* see [the docs|https://example.com/docs] or [https://example.com]',
      'bq. It -used to- work, says [~ada]',
      '||Browser||Result||',
      '|Firefox|broken|',
      '----',
    ].join('\n');
    expect(jiraWikiToMarkdown(wiki)).toBe(
      [
        '## Steps',
        '1. Open the **login** page',
        '  1. Type *anything* into `email`',
        '- see [the docs](https://example.com/docs) or <https://example.com>',
        '> It ~~used to~~ work, says @ada',
        '| Browser | Result |\n| --- | --- |',
        '|Firefox|broken|',
        '---',
      ].join('\n'),
    );
  });

  it('keeps code and noformat blocks as they are, and closes one left open', () => {
    expect(jiraWikiToMarkdown('{code:java}\nint *x* = 1;\n{code}\n{noformat}\n_raw_')).toBe(
      '```java\nint *x* = 1;\n```\n```\n_raw_\n```',
    );
    // Not markup: left alone.
    expect(jiraWikiToMarkdown('2*3*4 and snake_case_name and a-b-c')).toBe(
      '2*3*4 and snake_case_name and a-b-c',
    );
  });
});

describe('Jira CSV (all fields)', () => {
  const csv = [
    'Summary,Issue key,Issue id,Issue Type,Status,Priority,Assignee,Reporter,Created,Due date,Labels,Labels,Sprint,Sprint,Parent,Custom field (Story Points),Description,Comment,Comment',
    'Login broken,PROJ-12,10012,Bug,In Progress,High,Ada Lovelace,Grace Hopper,12/Mar/24 3:04 PM,20/Mar/24 12:00 AM,auth,urgent,Sprint 4,Sprint 5,10010,3,"h3. Steps\n* open *login*","13/Mar/24 9:00 AM;Grace Hopper;Seen it; on *Firefox*","14/Mar/24 10:30 AM;ada;Fixed"',
    'Epic work,PROJ-10,10010,Epic,Done,Medium,,Grace Hopper,01/Feb/24 9:00 AM,,,,,,,,,,',
    ',PROJ-13,10013,Task,To Do,Low,,,,,,,,,,,,,',
  ].join('\n');

  it('reads repeated columns, comments, the parent by id, and converts the markup', () => {
    const { issues, problems } = readJiraCsv(csv);
    expect(problems).toEqual([{ row: 4, column: 'Summary', message: 'Title is required' }]);
    expect(issues).toHaveLength(2);
    expect(issues[0]).toEqual({
      row: 2,
      sourceKey: 'PROJ-12',
      sourceUrl: null,
      title: 'Login broken',
      description: '### Steps\n- open **login**',
      state: 'In Progress',
      priority: 'High',
      assignee: 'Ada Lovelace',
      reporter: 'Grace Hopper',
      labels: ['auth', 'urgent'],
      estimate: 3,
      cycle: 'Sprint 5',
      parentKey: 'PROJ-10',
      createdAt: '2024-03-12T15:04:00.000Z',
      startedAt: null,
      finishedAt: null,
      dueDate: '2024-03-20',
      comments: [
        {
          author: 'Grace Hopper',
          body: 'Seen it; on **Firefox**',
          createdAt: '2024-03-13T09:00:00.000Z',
        },
        { author: 'ada', body: 'Fixed', createdAt: '2024-03-14T10:30:00.000Z' },
      ],
    });
    expect(issues[1]).toMatchObject({
      sourceKey: 'PROJ-10',
      assignee: null,
      labels: [],
      parentKey: null,
    });
  });

  it('says which column is missing', () => {
    expect(readJiraCsv('Title,Key\nx,y').problems.map((p) => p.column)).toEqual([
      'issue key',
      'summary',
    ]);
  });
});

describe('Linear CSV', () => {
  it('reads its columns by name, whatever their case and order', () => {
    const csv = [
      '\uFEFFID,Team,Title,Description,Status,Estimate,Priority,Project,Creator,Assignee,Labels,Cycle Number,Cycle Name,Created,Due Date,Parent issue',
      'ENG-4,Engineering,Make it fast,"**Why**: it is slow",In Review,5,Urgent,,Ada,Grace,"Performance, Backend",3,Cycle 3,2024-05-01T10:00:00.000Z,2024-05-10,ENG-1',
      'ENG-5,Engineering,Broken estimate,,Todo,lots,No priority,,Ada,,,,,2024-05-02T10:00:00.000Z,,',
    ].join('\n');
    const { issues, problems } = readLinearCsv(csv);
    expect(problems).toEqual([{ row: 3, column: 'Estimate', message: 'Not a number' }]);
    expect(issues).toEqual([
      {
        row: 2,
        sourceKey: 'ENG-4',
        sourceUrl: null,
        title: 'Make it fast',
        description: '**Why**: it is slow',
        state: 'In Review',
        priority: 'Urgent',
        assignee: 'Grace',
        reporter: 'Ada',
        labels: ['Performance', 'Backend'],
        estimate: 5,
        cycle: 'Cycle 3',
        parentKey: 'ENG-1',
        createdAt: '2024-05-01T10:00:00.000Z',
        startedAt: null,
        finishedAt: null,
        dueDate: '2024-05-10',
        comments: [],
      },
    ]);
  });

  it('says which column is missing', () => {
    expect(readLinearCsv('Name,State\nx,y').problems).toEqual([
      { row: 0, column: 'id', message: 'The file has no ID column' },
      { row: 0, column: 'title', message: 'The file has no Title column' },
    ]);
  });
});

describe('GitHub Issues JSON', () => {
  it('reads gh issue list --json and the REST API alike, leaving pull requests out', () => {
    const gh = [
      {
        number: 31,
        title: 'Crash on start',
        body: 'Stack trace…',
        state: 'OPEN',
        labels: [{ name: 'bug' }],
        assignees: [{ login: 'octocat' }],
        author: { login: 'hubot' },
        createdAt: '2024-06-01T08:00:00Z',
        closedAt: null,
        comments: [
          { author: { login: 'octocat' }, body: 'On it', createdAt: '2024-06-02T08:00:00Z' },
        ],
        milestone: null,
        url: 'https://github.com/acme/app/issues/31',
      },
    ];
    const rest = [
      {
        number: 32,
        title: 'Wontfix this',
        body: null,
        state: 'closed',
        state_reason: 'not_planned',
        labels: ['question'],
        assignees: [],
        user: { login: 'hubot' },
        created_at: '2024-06-03T08:00:00Z',
        html_url: 'https://github.com/acme/app/issues/32',
      },
      { number: 33, title: 'A pull request', pull_request: { url: 'x' } },
      { title: 'No number' },
    ];
    expect(readGithubIssuesJson(JSON.stringify(gh)).issues).toEqual([
      {
        row: 1,
        sourceKey: 'acme/app#31',
        sourceUrl: 'https://github.com/acme/app/issues/31',
        title: 'Crash on start',
        description: 'Stack trace…',
        state: 'open',
        priority: null,
        assignee: 'octocat',
        reporter: 'hubot',
        labels: ['bug'],
        estimate: null,
        cycle: null,
        parentKey: null,
        createdAt: '2024-06-01T08:00:00.000Z',
        startedAt: null,
        finishedAt: null,
        dueDate: null,
        comments: [{ author: 'octocat', body: 'On it', createdAt: '2024-06-02T08:00:00.000Z' }],
      },
    ]);
    const read = readGithubIssuesJson(JSON.stringify(rest));
    expect(read.issues).toMatchObject([
      {
        sourceKey: 'acme/app#32',
        state: 'not planned',
        labels: ['question'],
        reporter: 'hubot',
        sourceUrl: 'https://github.com/acme/app/issues/32',
      },
    ]);
    expect(read.problems).toEqual([
      { row: 3, column: 'number', message: 'Every issue needs its number' },
    ]);
  });

  it('refuses what is not a list of issues', () => {
    expect(readGithubIssuesJson('{').problems[0]!.message).toBe('The file is not JSON');
    expect(readGithubIssuesJson('{"items":[]}').problems[0]!.message).toMatch(/list of issues/);
  });
});

describe('isoDate', () => {
  it('reads Jira’s and ISO dates, and nothing else', () => {
    expect(isoDate('1/Jan/25 12:05 AM')).toBe('2025-01-01T00:05:00.000Z');
    expect(isoDate('31/Dec/2024 11:59 PM')).toBe('2024-12-31T23:59:00.000Z');
    expect(isoDate('2024-06-01T08:00:00+02:00')).toBe('2024-06-01T06:00:00.000Z');
    expect(isoDate('13/Foo/24 1:00 PM')).toBeNull();
    expect(isoDate('soon')).toBeNull();
    expect(isoDate('')).toBeNull();
  });
});
