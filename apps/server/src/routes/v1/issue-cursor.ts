import { z } from 'zod';
import { compareIssues, type IssueDoc, type SortBy } from '@keel/domain';
import { AppError } from '../../app-error.ts';

/**
 * Keyset pagination over issues (SPEC §11): a cursor holds the sort and the fields of the last
 * issue a page ended on, and the next page is every issue that sorts after it. An issue changed
 * or deleted between pages moves nothing else: no issue is skipped or shown twice because of
 * another, as offsets would.
 */
const fields = z.object({
  _id: z.string().max(200),
  sortOrder: z.string().max(200),
  priority: z.number(),
  createdAt: z.string().max(40),
  number: z.number(),
  updatedAt: z.string().max(40),
  dueDate: z.string().max(20).nullable(),
  title: z.string().max(1_000),
});
type CursorFields = z.infer<typeof fields>;

const cursorSchema = z.object({ sort: z.string(), last: fields });

export function encodeCursor(sortBy: SortBy, issue: IssueDoc): string {
  const last: CursorFields = {
    _id: issue._id,
    sortOrder: issue.sortOrder,
    priority: issue.priority,
    createdAt: issue.createdAt,
    number: issue.number,
    updatedAt: issue.updatedAt,
    dueDate: issue.dueDate,
    title: issue.title,
  };
  return Buffer.from(JSON.stringify({ sort: sortBy, last })).toString('base64url');
}

/** The issues after the cursor's, in `sorted` (sorted by `sortBy`); all of them without one. */
export function afterCursor(
  sorted: readonly IssueDoc[],
  sortBy: SortBy,
  cursor: string | undefined,
): readonly IssueDoc[] {
  if (cursor === undefined) return sorted;
  const last = decode(cursor, sortBy);
  // The comparators read only the fields the cursor keeps.
  const compare = compareIssues(sortBy);
  const pivot = last as unknown as IssueDoc;
  const start = sorted.findIndex((issue) => compare(issue, pivot) > 0);
  return start === -1 ? [] : sorted.slice(start);
}

function decode(cursor: string, sortBy: SortBy): CursorFields {
  const refused = (message: string) =>
    new AppError('VALIDATION_FAILED', { errors: [{ path: 'cursor', message }] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused('Not a cursor this API gave');
  }
  const read = cursorSchema.safeParse(parsed);
  if (!read.success) throw refused('Not a cursor this API gave');
  if (read.data.sort !== sortBy) throw refused('This cursor is for another sort');
  return read.data.last;
}
