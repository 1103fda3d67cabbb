import './icons.css';

/** Marks an issue another issue blocks; the row or card says "blocked" in its own label. */
export function BlockedIcon() {
  return <span className="blocked-icon" aria-hidden="true" title="Blocked" />;
}
