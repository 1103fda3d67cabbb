import Papa from 'papaparse';
import { isoDate, type ForeignIssue, type ForeignRead } from './foreign-issue.ts';
import { jiraWikiToMarkdown } from './jira-wiki.ts';

/**
 * Jira's issue navigator export, "Export CSV (all fields)": one row per issue, with columns that
 * repeat for each value (`Labels`, `Comment`, `Sprint`, `Watchers`…), so the header is read by
 * position, not as a map. `Comment` cells are `date;author;body`. Descriptions and comments are
 * wiki markup, converted to Markdown.
 */
export function readJiraCsv(text: string): ForeignRead {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    header: false,
    skipEmptyLines: 'greedy',
  });
  const [header = [], ...rows] = parsed.data;
  const columns = header.map((h) => h.trim().toLowerCase());
  const issues: ForeignIssue[] = [];
  const problems: ForeignRead['problems'] = [];
  for (const needed of ['issue key', 'summary'])
    if (!columns.includes(needed))
      problems.push({
        row: 0,
        column: needed,
        message: `The file has no ${needed === 'issue key' ? 'Issue key' : 'Summary'} column`,
      });
  if (problems.length) return { issues, problems };
  const all = (cells: string[], name: string) =>
    columns.flatMap((c, i) => (c === name && cells[i]?.trim() ? [cells[i]!.trim()] : []));
  const one = (cells: string[], ...names: string[]) => {
    for (const name of names) {
      const [value] = all(cells, name);
      if (value) return value;
    }
    return '';
  };
  rows.forEach((cells, index) => {
    const row = index + 2;
    const key = one(cells, 'issue key');
    const title = one(cells, 'summary');
    if (!key)
      return problems.push({ row, column: 'Issue key', message: 'Every issue needs its key' });
    if (!title) return problems.push({ row, column: 'Summary', message: 'Title is required' });
    const points = one(cells, 'custom field (story points)', 'story points');
    issues.push({
      row,
      sourceKey: key,
      sourceUrl: null,
      title,
      description: jiraWikiToMarkdown(one(cells, 'description')),
      state: one(cells, 'status'),
      priority: one(cells, 'priority') || null,
      assignee: one(cells, 'assignee') || null,
      reporter: one(cells, 'reporter') || null,
      labels: all(cells, 'labels'),
      estimate: points && Number.isFinite(Number(points)) ? Number(points) : null,
      // The last sprint it was in is the one it is in.
      cycle: all(cells, 'sprint').at(-1) ?? null,
      // `Parent` (older exports: `Parent id`) holds the parent's numeric id: read as its key
      // once every row is read (below).
      parentKey: one(cells, 'parent key') || one(cells, 'parent', 'parent id') || null,
      createdAt: isoDate(one(cells, 'created')),
      startedAt: null,
      finishedAt: isoDate(one(cells, 'resolved')),
      dueDate: isoDate(one(cells, 'due date'))?.slice(0, 10) ?? null,
      comments: all(cells, 'comment').map((cell) => {
        const [date = '', author = '', ...body] = cell.split(';');
        return {
          author: author.trim() || null,
          body: jiraWikiToMarkdown(body.join(';')),
          createdAt: isoDate(date),
        };
      }),
    });
  });
  // A parent given by its numeric id (`Issue id` of another row) becomes that row's key.
  const keyById = new Map(
    rows.flatMap((cells) => {
      const id = one(cells, 'issue id');
      const key = one(cells, 'issue key');
      return id && key ? [[id, key] as const] : [];
    }),
  );
  for (const issue of issues)
    if (issue.parentKey && /^\d+$/.test(issue.parentKey))
      issue.parentKey = keyById.get(issue.parentKey) ?? null;
  return { issues, problems };
}
