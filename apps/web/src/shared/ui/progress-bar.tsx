import { percentDone, type CycleProgress } from '@keel/domain';
import './progress-bar.css';

/**
 * Completed out of scope (a cycle's, a project's, a milestone's) as a bar, its figure said in
 * words too. `label` names the bar where a screen shows several.
 */
export function ProgressBar({
  progress,
  label = 'Completed',
}: {
  progress: CycleProgress;
  label?: string;
}) {
  const percent = percentDone(progress);
  return (
    <span className="progress">
      <span
        className="progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="progress__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="progress__text">
        {progress.completed.count} of {progress.scope.count} done · {percent}%
      </span>
    </span>
  );
}
