import { useId } from 'react';

/** Ids that tie a label, its control, a hint and an error message together for assistive tech. */
export function useFieldIds(error: string | null | undefined, hint: string | null | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy: describedBy || undefined };
}
