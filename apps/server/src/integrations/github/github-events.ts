import type { LinkKind, LinkState } from '@keel/domain';

/**
 * What one GitHub event says about issues (SPEC §11): each pull request or commit it is about,
 * the texts an issue key may appear in, and the move it asks for. Read from the payloads as
 * GitHub documents them (`pull_request`, `push`); any other event says nothing.
 */
export interface GitMention {
  kind: LinkKind;
  url: string;
  title: string;
  /** The pull request's number; null for a commit. */
  number: number | null;
  state: LinkState;
  /** Where an issue key counts: a pull request's branch, title and body; a commit's message. */
  texts: string[];
  /** The state category an issue it names moves to, if any: a pull request opened or merged. */
  moveTo: 'started' | 'completed' | null;
  /** When it happened, as GitHub says. */
  at: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const firstLine = (text: string) => text.split('\n', 1)[0]!.slice(0, 300);

/** The pull request actions that start work on the issues it names, and the one that ends it. */
const STARTS = new Set(['opened', 'reopened', 'ready_for_review']);

export function mentionsOf(event: string, payload: unknown, now: () => string): GitMention[] {
  const body = obj(payload);
  if (event === 'pull_request') {
    const pr = obj(body.pull_request);
    const url = str(pr.html_url);
    const number = typeof pr.number === 'number' ? pr.number : Number(body.number);
    if (!url.startsWith('https://') || !Number.isInteger(number)) return [];
    const merged = pr.merged === true;
    const state: LinkState = merged
      ? 'merged'
      : pr.state === 'closed'
        ? 'closed'
        : pr.draft === true
          ? 'draft'
          : 'open';
    const action = str(body.action);
    const moveTo =
      STARTS.has(action) && state === 'open'
        ? 'started'
        : action === 'closed' && merged
          ? 'completed'
          : null;
    return [
      {
        kind: 'pull_request',
        url,
        title: str(pr.title).slice(0, 300),
        number,
        state,
        texts: [str(obj(pr.head).ref), str(pr.title), str(pr.body)],
        moveTo,
        at: str(pr.updated_at) || now(),
      },
    ];
  }
  if (event === 'push') {
    const repository = obj(body.repository);
    const onDefault = str(body.ref) === `refs/heads/${str(repository.default_branch)}`;
    const commits = Array.isArray(body.commits) ? body.commits : [];
    return commits.flatMap((raw): GitMention[] => {
      const commit = obj(raw);
      const url = str(commit.url);
      if (!url.startsWith('https://')) return [];
      const message = str(commit.message);
      return [
        {
          kind: 'commit',
          url,
          title: firstLine(message),
          number: null,
          // A commit on the default branch is in; elsewhere it waits on a branch.
          state: onDefault ? 'merged' : 'open',
          texts: [message],
          moveTo: null,
          at: str(commit.timestamp) || now(),
        },
      ];
    });
  }
  return [];
}
