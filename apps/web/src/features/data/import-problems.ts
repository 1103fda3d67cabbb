import type { ErrorCode, FieldError } from '@keel/domain';

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

/**
 * Why an import did not go through, when it is not the file's fault. The catalogue's
 * DB_UNAVAILABLE speaks of changes kept on this device, which an import (done by the server)
 * is not; the server's one error says what became of the file ("Nothing was imported.").
 */
export function importFailure(
  code: ErrorCode | 'OFFLINE',
  message: string,
  errors: readonly FieldError[],
): string {
  const outcome = errors.map((e) => e.message).join(' ');
  const why = code === 'DB_UNAVAILABLE' ? "The server can't reach its database." : message;
  return outcome ? `${why} ${outcome}` : why;
}
