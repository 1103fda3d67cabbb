import { useState } from 'react';
import type { z } from 'zod';
import type { WriteOutcome } from '../sync/workspace-session.ts';

/**
 * A field edited in place: the draft lives here until it is saved, the domain schema gives the
 * message before anything is written, and a refused save keeps the typed text.
 */
export function useValidatedDraft(
  schema: z.ZodType<string, unknown>,
  onSave: (value: string) => Promise<WriteOutcome>,
) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = async () => {
    if (draft === null) return;
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check this field');
      return;
    }
    const outcome = await onSave(parsed.data);
    if (outcome.ok) {
      setDraft(null);
      setError(null);
    } else setError(outcome.errors[0]?.message ?? outcome.message);
  };

  const revert = () => {
    setDraft(null);
    setError(null);
  };

  return { draft, setDraft, error, commit, revert };
}
