import type { ImportSource } from '@keel/domain';
import type { ForeignRead } from './foreign-issue.ts';
import { readGithubIssuesJson } from './github-issues-json.ts';
import { readJiraCsv } from './jira-csv.ts';
import { readLinearCsv } from './linear-csv.ts';

/** Each tool's export, read into one shape (foreign-issue.ts). */
export function readExport(source: ImportSource, text: string): ForeignRead {
  switch (source) {
    case 'jira':
      return readJiraCsv(text);
    case 'linear':
      return readLinearCsv(text);
    case 'github':
      return readGithubIssuesJson(text);
  }
}
