import type { ReactNode } from 'react';
import type { ProjectDoc } from '@keel/domain';
import { StateIcon } from '../../shared/ui/state-icon.tsx';
import type { IssueHit, Snippet } from '../../features/search/index.ts';
import './search-result.css';

const WHERE = { description: 'Description', comment: 'Comment' } as const;

function Marked({ snippet }: { snippet: Snippet }) {
  const parts: ReactNode[] = [];
  let at = 0;
  snippet.marks.forEach(([from, to], i) => {
    parts.push(snippet.text.slice(at, from), <mark key={i}>{snippet.text.slice(from, to)}</mark>);
    at = to;
  });
  parts.push(snippet.text.slice(at));
  return <>{parts}</>;
}

/** One issue in search results: key, state, title, and where a text match was found. */
export function SearchResult({
  hit,
  issueKey,
  project,
}: {
  hit: IssueHit;
  issueKey: string;
  project: ProjectDoc | undefined;
}) {
  const state = project?.states.find((s) => s.id === hit.issue.stateId);
  return (
    <span className="search-result">
      <span className="search-result__line">
        <span className="search-result__key">{issueKey}</span>
        {state ? <StateIcon state={state} /> : null}
        <span className="search-result__title">{hit.issue.title}</span>
        {state ? <span className="search-result__state">{state.name}</span> : null}
      </span>
      {hit.snippet && (hit.field === 'description' || hit.field === 'comment') ? (
        <span className="search-result__snippet">
          <span className="search-result__where">{WHERE[hit.field]}: </span>
          <Marked snippet={hit.snippet} />
        </span>
      ) : null}
    </span>
  );
}
