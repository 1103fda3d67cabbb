/** Bars for low to high, an exclamation mark for urgent, a dash for none. */
export function PriorityIcon({ priority }: { priority: number }) {
  if (priority === 0)
    return (
      <svg className="priority-icon" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        <path
          d="M3 7h8"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          opacity="0.5"
        />
      </svg>
    );
  if (priority === 1)
    return (
      <svg
        className="priority-icon priority-icon--urgent"
        width="14"
        height="14"
        viewBox="0 0 14 14"
        aria-hidden="true"
      >
        <rect x="1" y="1" width="12" height="12" rx="3" fill="currentColor" />
        <path
          d="M7 4v3.5M7 9.6v.2"
          stroke="var(--color-bg)"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    );
  // 2 high → three bars lit, 3 medium → two, 4 low → one.
  const lit = 5 - priority;
  return (
    <svg className="priority-icon" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={2 + i * 4}
          y={9 - i * 3}
          width="2.5"
          height={3 + i * 3}
          rx="0.8"
          fill="currentColor"
          opacity={i < lit ? 1 : 0.3}
        />
      ))}
    </svg>
  );
}
