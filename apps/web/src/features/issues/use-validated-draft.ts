import { useRef, useState } from 'react';
import type { z } from 'zod';
import type { WriteOutcome } from '../../data/workspace-session.ts';

/**
 * A field edited in place: the draft lives here until it is saved, the domain schema gives the
 * message before anything is written, and a refused save keeps the typed text. Text typed while
 * a save runs is kept too: the draft is let go only if it is still what was saved.
 */
export function useValidatedDraft(
  schema: z.ZodType<string, unknown>,
  onSave: (value: string) => Promise<WriteOutcome>,
) {
  const [draft, setDraftState] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The draft as last typed, read once a save ends (the render's `draft` is the submitted one).
  const latest = useRef<string | null>(null);
  const setDraft = (value: string | null) => {
    latest.current = value;
    setDraftState(value);
  };

  const commit = async () => {
    if (draft === null) return;
    const submitted = draft;
    const parsed = schema.safeParse(submitted);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check this field');
      return;
    }
    const outcome = await onSave(parsed.data);
    if (outcome.ok) {
      if (latest.current === submitted) setDraft(null);
      setError(null);
    } else setError(outcome.errors[0]?.message ?? outcome.message);
  };

  const revert = () => {
    setDraft(null);
    setError(null);
  };

  return { draft, setDraft, error, commit, revert };
}
