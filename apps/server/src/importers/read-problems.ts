import { LIMITS, type FieldError } from '@keel/domain';
import { AppError } from '../app-error.ts';
import type { ForeignIssue } from './foreign-issue.ts';

/**
 * The file as read, and its rows' problems (a key twice in one file is one of them); a file that
 * cannot be read at all (no key column, not JSON, too many rows) is refused at once.
 */
export function checkRead(
  issues: ForeignIssue[],
  problems: { row: number; column: string; message: string }[],
): { issues: ForeignIssue[]; errors: FieldError[] } {
  // Row 0 is the file itself (a column missing, not a list): nothing else can be read.
  const whole = problems.filter((p) => p.row === 0);
  if (whole.length)
    throw new AppError('VALIDATION_FAILED', {
      errors: whole.map((p) => ({ path: 'file', message: p.message })),
    });
  if (issues.length === 0 && problems.length === 0)
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'file', message: 'The file has no issues in it' }],
    });
  if (issues.length > LIMITS.importRows)
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        {
          path: 'file',
          message: `A file can hold at most ${LIMITS.importRows.toLocaleString('en')} issues`,
        },
      ],
    });
  const errors: FieldError[] = problems.map((p) => ({
    path: `row ${p.row}: ${p.column}`,
    message: p.message,
  }));
  const rowOf = new Map<string, number>();
  const unique: ForeignIssue[] = [];
  for (const issue of issues) {
    const first = rowOf.get(issue.sourceKey);
    if (first === undefined) {
      rowOf.set(issue.sourceKey, issue.row);
      unique.push(issue);
    } else
      errors.push({
        path: `row ${issue.row}: key`,
        message: `${issue.sourceKey} is also in row ${first}`,
      });
  }
  return { issues: unique, errors };
}

/** Problems by row, in the file's order (the mapping's first), at most 50 and how many more. */
export function listed(errors: readonly FieldError[]): FieldError[] {
  const rowOf = (e: FieldError) => Number(/^row (\d+)/.exec(e.path)?.[1] ?? 0);
  const sorted = [...errors].sort((a, b) => rowOf(a) - rowOf(b));
  if (sorted.length <= MAX_LISTED) return sorted;
  const more = sorted.length - MAX_LISTED;
  return [
    ...sorted.slice(0, MAX_LISTED),
    {
      path: 'file',
      message: `…and ${more.toLocaleString('en')} more ${more === 1 ? 'problem' : 'problems'}`,
    },
  ];
}

const MAX_LISTED = 50;
