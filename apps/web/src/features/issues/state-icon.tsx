import type { WorkflowState } from '@keel/domain';

/** A ring for not started, a half-filled ring for started, a filled disc for done or canceled. */
export function StateIcon({ state }: { state: WorkflowState }) {
  const { color, category } = state;
  const fill =
    category === 'started'
      ? 'half'
      : category === 'completed' || category === 'canceled'
        ? 'full'
        : 'none';
  return (
    <svg className="state-icon" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <circle
        cx="7"
        cy="7"
        r="5.5"
        fill={fill === 'full' ? color : 'none'}
        stroke={color}
        strokeWidth="1.5"
        strokeDasharray={category === 'backlog' ? '2 1.6' : undefined}
      />
      {fill === 'half' ? <path d="M7 3.5 A3.5 3.5 0 0 1 7 10.5 Z" fill={color} /> : null}
    </svg>
  );
}
