import { memo, useMemo } from 'react';
import type { LinkDoc } from '@keel/domain';
import { useDocs } from '../../data/use-docs.ts';
import './issue-page-links.css';

const PR_STATES: Record<LinkDoc['state'], string> = {
  open: 'Open',
  draft: 'Draft',
  merged: 'Merged',
  closed: 'Closed',
};
const COMMIT_STATES: Record<LinkDoc['state'], string> = {
  open: 'On a branch',
  draft: 'On a branch',
  merged: 'In the default branch',
  closed: 'On a branch',
};

/** "#12" for a pull request, the short hash for a commit. */
function reference(link: LinkDoc): string {
  if (link.number !== null) return `#${link.number}`;
  return (link.url.split('/').pop() ?? '').slice(0, 7);
}

/**
 * The pull requests and commits on GitHub that name this issue (SPEC §11), each with its state
 * and a link out. Written by the server as GitHub tells it; nothing here to edit. Shown only
 * when there are some.
 */
export const IssueLinks = memo(function IssueLinks({ issueId }: { issueId: string }) {
  const links = useDocs('link');
  const mine = useMemo(
    () =>
      links
        .filter((l) => l.issueId === issueId)
        // Pull requests first, then commits, each newest first.
        .sort(
          (a, b) =>
            Number(a.kind === 'commit') - Number(b.kind === 'commit') ||
            b.updatedAt.localeCompare(a.updatedAt),
        ),
    [links, issueId],
  );
  if (mine.length === 0) return null;
  return (
    <section className="issue-links" aria-labelledby="issue-links-title">
      <h2 id="issue-links-title">Pull requests and commits</h2>
      <ul className="issue-links__list">
        {mine.map((link) => (
          <li key={link._id} className="issue-links__row">
            <a className="issue-links__link" href={link.url} target="_blank" rel="noreferrer">
              <span className="issue-links__kind">
                {link.kind === 'pull_request' ? 'Pull request' : 'Commit'}
              </span>
              <span className="issue-links__ref">{reference(link)}</span>
              <span className="issue-links__title">{link.title}</span>
            </a>
            <span className={`issue-links__state issue-links__state--${link.state}`}>
              {(link.kind === 'pull_request' ? PR_STATES : COMMIT_STATES)[link.state]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
});
