import type { FieldError } from '@keel/domain';

/**
 * The server names a bad cell `row 3: Title`; a person reads "Row 3: Title is required". Other
 * problems (the file as a whole, the project) read as their message alone.
 */
export function describeImportProblem(error: FieldError): string {
  const row = /^row (\d+): /.exec(error.path);
  return row ? `Row ${row[1]}: ${error.message}` : error.message;
}

/** What a dry run found, in one sentence: "12 issues will be added to Engineering." */
export function importSummary(count: number, projectName: string, dryRun: boolean): string {
  const issues = count === 1 ? '1 issue' : `${count.toLocaleString('en')} issues`;
  return dryRun
    ? `${issues} will be added to ${projectName}.`
    : `${issues} added to ${projectName}.`;
}
