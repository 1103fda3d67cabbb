import type { IssueEdit } from '@keel/domain';
import { useCallback, useState } from 'react';
import type { WriteOutcome } from '../../data/workspace-session.ts';

export type PropertyField = keyof IssueEdit;

/**
 * Saves one property at a time and keeps a message per field: the domain's reason appears under
 * the field that caused it and clears on that field's next successful change.
 */
export function usePropertySave(onChange: (edit: IssueEdit) => Promise<WriteOutcome>) {
  const [errors, setErrors] = useState<Partial<Record<PropertyField, string>>>({});

  const save = useCallback(
    async (field: PropertyField, edit: IssueEdit) => {
      const outcome = await onChange(edit);
      const message = outcome.ok ? undefined : (outcome.errors[0]?.message ?? outcome.message);
      // Unchanged, the panel is not redrawn after every save.
      setErrors((current) =>
        current[field] === message ? current : { ...current, [field]: message },
      );
      return outcome;
    },
    [onChange],
  );

  const setError = useCallback(
    (field: PropertyField, message: string | undefined) =>
      setErrors((current) => ({ ...current, [field]: message })),
    [],
  );

  return { errors, save, setError };
}
