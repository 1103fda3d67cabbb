/**
 * An issue as another tracker exported it (SPEC §11, importers), read into one shape whatever
 * the tool: the mapping step then says which of its states, priorities and people are which of
 * the workspace's, and the import writes Keel's issues from it. Text is Markdown by now (Jira's
 * wiki markup converted); names are as the tool wrote them, matched later.
 */
export interface ForeignComment {
  author: string | null;
  body: string;
  /** ISO time; null when the export did not say. */
  createdAt: string | null;
}

export interface ForeignIssue {
  /** Where it is in the file, as problems name it: a spreadsheet's row, a list's item. */
  row: number;
  /** The tool's own key or number (`PROJ-12`, `LIN-4`, `#31`): kept on the issue, and what
   * makes importing the same file again add nothing. */
  sourceKey: string;
  /** A link back to it, when the export gives one (GitHub's does). */
  sourceUrl: string | null;
  title: string;
  description: string;
  /** The tool's state name ("In Progress", "closed"): mapped to a workflow state. */
  state: string;
  /** The tool's priority name, or null: mapped to Keel's. */
  priority: string | null;
  /** Who it is assigned to, as the tool names them (a name, a login or an email). */
  assignee: string | null;
  reporter: string | null;
  labels: string[];
  estimate: number | null;
  /** The tool's cycle or sprint name, if any. */
  cycle: string | null;
  /** The parent's `sourceKey`, if any. */
  parentKey: string | null;
  createdAt: string | null;
  /** When work on it started, and when it was finished (done or canceled), when known. */
  startedAt: string | null;
  finishedAt: string | null;
  dueDate: string | null;
  comments: ForeignComment[];
}

/**
 * A row's problem, said as the check step shows it: which row, which column, what is wrong. Row 0
 * is the file as a whole (a column missing, not JSON): nothing in it can be read.
 */
export interface ForeignProblem {
  row: number;
  column: string;
  message: string;
}

export interface ForeignRead {
  issues: ForeignIssue[];
  problems: ForeignProblem[];
}

/** A date as the tools write them, as ISO; null when it is not one. */
export function isoDate(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  // Jira: "12/Mar/24 3:04 PM" (its default export format).
  const jira = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{2,4}) (\d{1,2}):(\d{2}) ([AP]M)$/.exec(text);
  if (jira) {
    const [, day, mon, year, hour, minute, half] = jira;
    const month = MONTHS.indexOf(mon!.toLowerCase());
    if (month < 0) return null;
    const fullYear = year!.length === 2 ? 2000 + Number(year) : Number(year);
    const h = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
    return new Date(Date.UTC(fullYear, month, Number(day), h, Number(minute))).toISOString();
  }
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
