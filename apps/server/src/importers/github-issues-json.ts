import { isoDate, type ForeignIssue, type ForeignRead } from './foreign-issue.ts';

type Json = Record<string, unknown>;
const ISSUE_URL = /^https:\/\/github\.com\/([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)\/issues\/\d+$/;
const obj = (v: unknown): Json =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const nameOf = (v: unknown): string | null => {
  const o = obj(v);
  return str(o.login) || str(o.name) || null;
};

/**
 * GitHub Issues as `gh issue list --state all --json number,title,body,state,labels,assignees,
 * author,createdAt,closedAt,comments,milestone` writes them, or as the REST API answers them
 * (`user` for the author, `created_at`, `html_url`, labels and assignees alike). Pull requests
 * in a REST answer (they carry `pull_request`) are not issues and are left out.
 */
export function readGithubIssuesJson(text: string): ForeignRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { issues: [], problems: [{ row: 0, column: '', message: 'The file is not JSON' }] };
  }
  if (!Array.isArray(parsed))
    return {
      issues: [],
      problems: [
        {
          row: 0,
          column: '',
          message: 'Expected a list of issues, as gh issue list --json writes',
        },
      ],
    };
  const issues: ForeignIssue[] = [];
  const problems: ForeignRead['problems'] = [];
  parsed.forEach((raw, index) => {
    const row = index + 1;
    const issue = obj(raw);
    if (issue.pull_request) return;
    const number = typeof issue.number === 'number' ? issue.number : Number.NaN;
    if (!Number.isInteger(number) || number < 1)
      return problems.push({ row, column: 'number', message: 'Every issue needs its number' });
    const title = str(issue.title).trim();
    if (!title) return problems.push({ row, column: 'title', message: 'Title is required' });
    const comments = Array.isArray(issue.comments) ? issue.comments : [];
    const assignees = Array.isArray(issue.assignees) ? issue.assignees : [];
    const url = [str(issue.url), str(issue.html_url)].find((u) => ISSUE_URL.test(u)) ?? null;
    issues.push({
      row,
      // The repository's name, when the export gives the link, tells #31 of two repositories
      // apart; `gh issue list --json` without `url` gives the number alone.
      sourceKey: url ? `${ISSUE_URL.exec(url)![1]}#${number}` : `#${number}`,
      sourceUrl: url,
      title,
      description: str(issue.body),
      // gh: OPEN / CLOSED; REST: open / closed (with state_reason completed / not_planned).
      state:
        str(issue.state_reason) === 'not_planned' ? 'not planned' : str(issue.state).toLowerCase(),
      priority: null,
      assignee: assignees.length ? nameOf(assignees[0]) : null,
      reporter: nameOf(issue.author) ?? nameOf(issue.user),
      labels: (Array.isArray(issue.labels) ? issue.labels : [])
        .map((l) => (typeof l === 'string' ? l : str(obj(l).name)))
        .filter(Boolean),
      estimate: null,
      cycle: null,
      parentKey: null,
      createdAt: isoDate(str(issue.createdAt) || str(issue.created_at)),
      startedAt: null,
      finishedAt: isoDate(str(issue.closedAt) || str(issue.closed_at)),
      dueDate: null,
      comments: comments.map((c) => {
        const comment = obj(c);
        return {
          author: nameOf(comment.author) ?? nameOf(comment.user),
          body: str(comment.body),
          createdAt: isoDate(str(comment.createdAt) || str(comment.created_at)),
        };
      }),
    });
  });
  return { issues, problems };
}
