import type { ReactNode } from 'react';
import type { CycleProgress, Tally } from '@keel/domain';
import './progress-figures.css';

const points = (tally: Tally) => `${tally.points} point${tally.points === 1 ? '' : 's'}`;

/**
 * Scope, started and completed of a set of issues (a cycle's, a project's), each by count and,
 * where the issues are estimated, in points; `children` adds more figures to the same list.
 */
export function ProgressFigures({
  progress,
  className,
  children,
}: {
  progress: CycleProgress;
  className: string;
  children?: ReactNode;
}) {
  // Points only where the issues are estimated: "0 points" beside every figure is noise.
  const estimated = progress.scope.points > 0;
  const figure = (label: string, tally: Tally) => (
    <div>
      <dt>{label}</dt>
      <dd>
        {tally.count} {estimated ? <span>{points(tally)}</span> : null}
      </dd>
    </div>
  );
  return (
    <dl className={`progress-figures ${className}`}>
      {figure('Scope', progress.scope)}
      {figure('Started', progress.started)}
      {figure('Completed', progress.completed)}
      {children}
    </dl>
  );
}
