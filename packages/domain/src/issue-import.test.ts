import { describe, expect, it } from 'vitest';
import { readImportRows, type ImportContext } from './issue-import.ts';
import { LIMITS } from './limits.ts';
import { DEFAULT_STATES } from './workflow.ts';

const ctx: ImportContext = {
  states: DEFAULT_STATES,
  members: [
    { userId: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com', active: true },
    { userId: 'u-gone', name: 'Gone Person', email: 'gone@example.com', active: false },
    { userId: 'u-sam1', name: 'Sam', email: 'sam1@example.com', active: true },
    { userId: 'u-sam2', name: 'Sam', email: 'sam2@example.com', active: true },
  ],
  labels: [{ _id: 'label:bug', name: 'Bug' }],
};

const HEADER = [
  'Title',
  'Description',
  'State',
  'Priority',
  'Assignee',
  'Labels',
  'Estimate',
  'Due date',
];

describe('readImportRows', () => {
  it('reads every column, matching names ignoring case, and lists labels to create once', () => {
    const result = readImportRows(
      [
        HEADER.map((h) => h.toUpperCase()),
        [
          'Crash on save',
          'Steps:\r\n1. Save',
          'in progress',
          'urgent',
          'ADA@example.com',
          'bug, Frontend',
          '3',
          '2030-02-28',
        ],
        ['Typo', '', '', '', '', 'frontend,Docs', '', ''],
      ],
      ctx,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.issues[0]).toEqual({
      title: 'Crash on save',
      description: 'Steps:\n1. Save',
      stateId: 'in-progress',
      priority: 1,
      assigneeId: 'u-ada',
      labels: [
        { id: 'label:bug', name: 'bug' },
        { id: null, name: 'Frontend' },
      ],
      estimate: 3,
      dueDate: '2030-02-28',
    });
    // Empty cells take the defaults: the project's first unstarted state, no priority.
    expect(result.issues[1]).toMatchObject({
      stateId: 'todo',
      priority: 0,
      assigneeId: null,
      estimate: null,
      dueDate: null,
    });
    expect(result.newLabels).toEqual(['Frontend', 'Docs']);
    expect(result.ignoredColumns).toEqual([]);
  });

  it('needs only a Title column; leaves out the export-only columns and says which others it ignored', () => {
    const result = readImportRows(
      [
        ['Key', 'Title', 'Story points', 'Created'],
        ['ENG-1', 'Only a title', '5', '2024-01-01'],
        ['', '', '', ''],
      ],
      ctx,
    );
    expect(result).toEqual({
      ok: true,
      issues: [expect.objectContaining({ title: 'Only a title', stateId: 'todo' })],
      newLabels: [],
      ignoredColumns: ['Story points'],
    });
  });

  it('names the row and column of every bad cell, with the SPEC §5 message, and imports nothing', () => {
    const result = readImportRows(
      [
        HEADER,
        ['Fine', '', '', '', '', '', '', ''],
        ['', '', 'Nowhere', 'Soon', 'gone@example.com', '', '4', '2030-02-30'],
        ['x'.repeat(256), '', '', '', 'Sam', '', '', ''],
      ],
      ctx,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: 'row 3: Title', message: 'Title is required' },
        {
          path: 'row 3: State',
          message: 'State must be one of Backlog, Todo, In Progress, In Review, Done, Canceled',
        },
        {
          path: 'row 3: Priority',
          message: 'Priority must be one of No priority, Urgent, High, Medium, Low',
        },
        {
          path: 'row 3: Assignee',
          message: 'Assignee must be the email or name of an active member',
        },
        { path: 'row 3: Estimate', message: 'Estimate must be one of 0, 1, 2, 3, 5, 8, 13, 21' },
        { path: 'row 3: Due date', message: 'Due date must be a real date (YYYY-MM-DD)' },
        { path: 'row 4: Title', message: 'Title must be at most 255 characters' },
        // Two active members are called Sam: a name must say whom.
        {
          path: 'row 4: Assignee',
          message: 'Assignee must be the email or name of an active member',
        },
      ],
    });
  });

  it('refuses a file without a title column, without rows, or with too many', () => {
    expect(readImportRows([], ctx)).toEqual({
      ok: false,
      errors: [{ path: 'csv', message: 'The file is empty' }],
    });
    expect(readImportRows([['Name'], ['x']], ctx)).toEqual({
      ok: false,
      errors: [{ path: 'csv', message: 'The file needs a Title column' }],
    });
    expect(readImportRows([['Title'], ['']], ctx)).toEqual({
      ok: false,
      errors: [{ path: 'csv', message: 'The file has no issues in it' }],
    });
    const many = [['Title'], ...Array.from({ length: LIMITS.importRows + 1 }, (_, i) => [`#${i}`])];
    expect(readImportRows(many, ctx)).toEqual({
      ok: false,
      errors: [{ path: 'csv', message: 'A file can hold at most 10,000 issues' }],
    });
  });

  it('refuses control characters, label names too long, and more than 20 labels', () => {
    const labels = Array.from({ length: 21 }, (_, i) => `L${i}`).join(',');
    const result = readImportRows(
      [
        ['Title', 'Labels'],
        ['Bad\u0007bell', ''],
        ['Too many', labels],
        ['Long', 'x'.repeat(41)],
      ],
      ctx,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual([
      'row 2: Title',
      'row 3: Labels',
      'row 4: Labels',
    ]);
    expect(result.errors[1]!.message).toBe('An issue has at most 20 labels');
    expect(result.errors[2]!.message).toBe('Label name must be at most 40 characters');
  });

  it('refuses labels that would take the workspace over its limit', () => {
    const full: ImportContext = {
      ...ctx,
      labels: Array.from({ length: LIMITS.labelsPerWorkspace }, (_, i) => ({
        _id: `label:${i}`,
        name: `L${i}`,
      })),
    };
    expect(
      readImportRows(
        [
          ['Title', 'Labels'],
          ['x', 'L1, New one'],
        ],
        full,
      ),
    ).toEqual({
      ok: false,
      errors: [{ path: 'csv', message: 'A workspace has at most 500 labels' }],
    });
  });

  it('refuses a column named twice, and says when it lists only the first problems', () => {
    expect(
      readImportRows(
        [
          ['Title', 'title'],
          ['a', 'b'],
        ],
        ctx,
      ),
    ).toEqual({
      ok: false,
      errors: [{ path: 'csv', message: 'The column Title appears twice' }],
    });
    const bad = [['Title', 'Priority'], ...Array.from({ length: 80 }, () => ['x', 'Soon'])];
    const result = readImportRows(bad, ctx);
    if (result.ok) throw new Error('accepted');
    expect(result.errors).toHaveLength(51);
    expect(result.errors.at(-1)).toEqual({
      path: 'csv',
      message: 'Only the first 50 problems are listed',
    });
  });

  it('takes a label whose name holds a comma whole, as the export writes it', () => {
    const withComma: ImportContext = {
      ...ctx,
      labels: [...ctx.labels, { _id: 'label:uiweb', name: 'UI, web' }],
    };
    const result = readImportRows(
      [
        ['Title', 'Labels'],
        ['x', 'Bug, UI, web, New'],
      ],
      withComma,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.issues[0]!.labels).toEqual([
      { id: 'label:uiweb', name: 'UI, web' },
      { id: 'label:bug', name: 'Bug' },
      { id: null, name: 'New' },
    ]);
    expect(result.newLabels).toEqual(['New']);
  });
});
