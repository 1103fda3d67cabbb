import { describe, expect, it } from 'vitest';
import { describeImportProblem, importFailure, importSummary } from './import-problems.ts';

describe('describeImportProblem', () => {
  it('reads a cell problem as its row and message, anything else as its message', () => {
    expect(describeImportProblem({ path: 'row 12: Title', message: 'Title is required' })).toBe(
      'Row 12: Title is required',
    );
    expect(describeImportProblem({ path: 'csv', message: 'The file needs a Title column' })).toBe(
      'The file needs a Title column',
    );
  });
});

describe('importSummary', () => {
  it('counts issues in words, before and after', () => {
    expect(importSummary(1, 'Engineering', true)).toBe('1 issue will be added to Engineering.');
    expect(importSummary(1200, 'Ops', false)).toBe('1,200 issues added to Ops.');
  });
});

describe('importFailure', () => {
  it('says what became of the file, and not that changes wait on this device', () => {
    expect(
      importFailure(
        'DB_UNAVAILABLE',
        "The server can't reach its database. Your changes are safe on this device and will sync later.",
        [{ path: 'import', message: 'Nothing was imported.' }],
      ),
    ).toBe("The server can't reach its database. Nothing was imported.");
    expect(
      importFailure(
        'FORBIDDEN',
        "You don't have permission to do that. Ask a workspace admin.",
        [],
      ),
    ).toBe("You don't have permission to do that. Ask a workspace admin.");
  });
});
