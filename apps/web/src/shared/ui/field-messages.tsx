interface FieldMessagesProps {
  hint?: string | null | undefined;
  hintId: string;
  error?: string | null | undefined;
  errorId: string;
}

/** The hint and error lines under a form control, with the ids its aria-describedby names. */
export function FieldMessages({ hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
