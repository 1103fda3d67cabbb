import { dayLabel } from '../../shared/lib/day-label.ts';
import { ticks, xOfDay, type TimeScale } from './time-scale.ts';

/** Where today's line runs: the middle of today. */
export const todayX = (scale: TimeScale, today: string) =>
  xOfDay(scale, today) + scale.pxPerDay / 2;

/**
 * The months or quarters over the rows, with today marked. The axis is drawing only: each bar
 * and milestone says its own days to assistive technology.
 */
export function RoadmapAxis({ scale, today }: { scale: TimeScale; today: string }) {
  return (
    <div className="roadmap-axis" aria-hidden="true">
      <div className="roadmap-axis__corner">Projects</div>
      <div className="roadmap-axis__ticks">
        {ticks(scale).map((tick) => (
          <span
            key={tick.day}
            className="roadmap-axis__tick"
            style={{ left: tick.x, width: tick.width }}
          >
            <span className="roadmap-axis__label">{tick.label}</span>
          </span>
        ))}
        <span
          className="roadmap-axis__today"
          style={{ left: todayX(scale, today) }}
          title={dayLabel(today, today)}
        >
          Today
        </span>
      </div>
    </div>
  );
}

/** The period lines and today's line behind every row. */
export function RoadmapGridLines({ scale, today }: { scale: TimeScale; today: string }) {
  return (
    <div className="roadmap-lines" aria-hidden="true">
      {ticks(scale).map((tick) => (
        <span key={tick.day} className="roadmap-lines__period" style={{ left: tick.x }} />
      ))}
      <span className="roadmap-lines__today" style={{ left: todayX(scale, today) }} />
    </div>
  );
}
