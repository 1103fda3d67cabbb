import './icons.css';

/** A dash for none, an exclamation mark for urgent, bars for high to low. Drawn by CSS. */
export function PriorityIcon({ priority }: { priority: number }) {
  return <span className="priority-icon" data-priority={priority} aria-hidden="true" />;
}
