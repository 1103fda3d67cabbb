import { percentDone, type CycleProgress } from '@keel/domain';

/** Completed out of scope as a bar, its figure said in words too. */
export function CycleProgressBar({ progress }: { progress: CycleProgress }) {
  const percent = percentDone(progress);
  return (
    <span className="cycle-progress">
      <span
        className="cycle-progress__bar"
        role="progressbar"
        aria-label="Completed"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="cycle-progress__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="cycle-progress__text">
        {progress.completed.count} of {progress.scope.count} done · {percent}%
      </span>
    </span>
  );
}
