import Papa from 'papaparse';
import { isoDate, type ForeignIssue, type ForeignRead } from './foreign-issue.ts';

/**
 * Linear's CSV export (Settings → Import/export → Export CSV): one row per issue with `ID`,
 * `Title`, `Description` (Markdown), `Status`, `Priority`, `Assignee`, `Creator`, `Labels`
 * (comma-separated), `Estimate`, `Cycle Name`/`Cycle`, `Parent issue`, `Created`, `Due Date`.
 * Headers are matched ignoring case; columns Keel does not read are left.
 */
export function readLinearCsv(text: string): ForeignRead {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const issues: ForeignIssue[] = [];
  const problems: ForeignRead['problems'] = [];
  const headers = new Set(parsed.meta.fields ?? []);
  for (const needed of ['id', 'title'])
    if (!headers.has(needed))
      problems.push({
        row: 0,
        column: needed,
        message: `The file has no ${needed === 'id' ? 'ID' : 'Title'} column`,
      });
  if (problems.length) return { issues, problems };
  parsed.data.forEach((cells, index) => {
    const row = index + 2; // the header is row 1
    const get = (...names: string[]) => {
      for (const name of names) {
        const value = cells[name]?.trim();
        if (value) return value;
      }
      return '';
    };
    const key = get('id');
    const title = get('title');
    if (!key) return problems.push({ row, column: 'ID', message: 'Every issue needs its ID' });
    if (!title) return problems.push({ row, column: 'Title', message: 'Title is required' });
    const estimate = get('estimate');
    if (estimate && !Number.isFinite(Number(estimate)))
      return problems.push({ row, column: 'Estimate', message: 'Not a number' });
    issues.push({
      row,
      sourceKey: key,
      sourceUrl: null,
      title,
      description: cells.description ?? '',
      state: get('status'),
      priority: get('priority') || null,
      assignee: get('assignee') || null,
      reporter: get('creator') || null,
      labels: get('labels')
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
      estimate: estimate ? Number(estimate) : null,
      cycle: get('cycle name', 'cycle') || null,
      parentKey: get('parent issue') || null,
      createdAt: isoDate(get('created')),
      startedAt: isoDate(get('started')),
      finishedAt: isoDate(get('completed', 'canceled')),
      dueDate: get('due date') || null,
      comments: [],
    });
  });
  return { issues, problems };
}
