import { IMPORT_COLUMNS, type ImportSource } from '@keel/domain';

export type SourceChoice = 'keel' | ImportSource;

export interface SourceInfo {
  value: SourceChoice;
  label: string;
  /** What the file field is called, and which files it offers. */
  fileLabel: string;
  accept: string;
  /** How to make the file in that tool, and what comes along. */
  how: string;
  /** Where the tool's issues live, for links back (Jira's and Linear's exports give none). */
  site?: { hint: string };
}

/** Where an import's file comes from, in the order the page offers them. */
export const SOURCES: readonly SourceInfo[] = [
  {
    value: 'keel',
    label: 'Keel or a spreadsheet (CSV)',
    fileLabel: 'CSV file',
    accept: '.csv,text/csv',
    how: `One issue per row. Keel reads the columns ${IMPORT_COLUMNS.join(', ')}; only Title is needed. States, priorities and labels are matched by name, assignees by email or name.`,
  },
  {
    value: 'jira',
    label: 'Jira (CSV)',
    fileLabel: 'CSV file',
    accept: '.csv,text/csv',
    how: 'In Jira, search for the issues, then Export → Export CSV (all fields). Keys, statuses, priorities, assignees, labels, parents, story points, created dates and comments come along; descriptions are turned from Jira’s markup into Markdown.',
    site: {
      hint: 'Your Jira site, such as https://acme.atlassian.net: each issue links to its page there. Optional.',
    },
  },
  {
    value: 'linear',
    label: 'Linear (CSV)',
    fileLabel: 'CSV file',
    accept: '.csv,text/csv',
    how: 'In Linear, Settings → Import / Export → Export CSV. IDs, statuses, priorities, assignees, labels, estimates, parents, due dates and created dates come along.',
    site: {
      hint: 'Your Linear workspace, such as https://linear.app/acme: each issue links to its page there. Optional.',
    },
  },
  {
    value: 'github',
    label: 'GitHub Issues (JSON)',
    fileLabel: 'JSON file',
    accept: '.json,application/json',
    how: 'Run gh issue list --state all --limit 10000 --json number,title,body,state,labels,assignees,author,createdAt,closedAt,comments,milestone,url > issues.json, or save the REST API’s issues. Numbers, states, labels, assignees, dates and comments come along.',
  },
];

export const sourceInfo = (value: SourceChoice): SourceInfo =>
  SOURCES.find((s) => s.value === value) ?? SOURCES[0]!;
