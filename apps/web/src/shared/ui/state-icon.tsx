import type { CSSProperties } from 'react';
import type { WorkflowState } from '@keel/domain';
import './icons.css';

/**
 * A ring for not started (dashed for backlog), half-filled for started, filled for done or
 * canceled. One element drawn by CSS: lists show thousands of these.
 */
export function StateIcon({ state }: { state: WorkflowState }) {
  const style = { '--state-color': state.color } as CSSProperties;
  return (
    <span className={`state-icon state-icon--${state.category}`} style={style} aria-hidden="true" />
  );
}
