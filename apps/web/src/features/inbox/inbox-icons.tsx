/** The inbox's archive box, and the same with an arrow out of it; drawn in the text colour. */
export function ArchiveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="2" y="3" width="12" height="3" rx="1" fill="none" stroke="currentColor" />
      <path
        d="M3 6v6.5a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V6M6.5 8.5h3"
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function UnarchiveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="2" y="3" width="12" height="3" rx="1" fill="none" stroke="currentColor" />
      <path
        d="M3 6v6.5a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V6M8 12V8.5M6.5 10 8 8.5 9.5 10"
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
