import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayNumber, dayOf, type BurnUpPoint } from '@keel/domain';
import { useDarkScheme } from '../../shared/lib/use-dark-scheme.ts';
import './burn-up-chart.css';

const HEIGHT = 220;
const DAY_S = 86_400;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A cycle's burn-up (issue 24): scope and completed issues at the end of each day, drawn with
 * uPlot (small, canvas, loaded only with the cycle page). The same figures are in the table
 * below it, for screen readers and for anyone who would rather read them.
 */
export function BurnUpChart({
  points,
  from,
  to,
}: {
  points: readonly BurnUpPoint[];
  /** The cycle's first and last day: the axis spans the whole cycle, days not come yet too. */
  from: string;
  to: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkScheme();

  useEffect(() => {
    const target = box.current;
    if (!target || points.length === 0) return;
    const css = getComputedStyle(target);
    const color = (name: string) => css.getPropertyValue(name).trim();
    const muted = color('--color-text-muted');
    const grid = { stroke: color('--color-border'), width: 1 };
    const axis = { stroke: muted, grid, ticks: grid, font: '11px system-ui, sans-serif' };
    const plot = new uPlot(
      {
        width: target.clientWidth,
        height: HEIGHT,
        // Days are UTC calendar days (cycles.ts): shown as such wherever the reader is.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1e3), 'Etc/UTC'),
        scales: {
          x: { time: true, range: () => [dayNumber(from) * DAY_S, dayNumber(to) * DAY_S] },
          y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
        },
        axes: [
          {
            ...axis,
            // One mark per day or more, named by day: a cycle's figures are taken once a day.
            incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S],
            values: (_u, splits) => splits.map((s) => dayLabel(dayOf(Math.round(s / DAY_S)))),
          },
          { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] },
        ],
        legend: { show: true },
        series: [
          {},
          { label: 'Scope', stroke: muted, width: 2, dash: [4, 3] },
          {
            label: 'Completed',
            stroke: color('--color-accent'),
            fill: color('--color-accent-subtle'),
            width: 2,
          },
        ],
      },
      [
        points.map((p) => dayNumber(p.day) * DAY_S),
        points.map((p) => p.scope),
        points.map((p) => p.completed),
      ],
      target,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: target.clientWidth, height: HEIGHT }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, from, to, dark]);

  return (
    <figure className="burn-up" aria-labelledby="burn-up-title">
      <figcaption id="burn-up-title" className="burn-up__title">
        Burn-up
      </figcaption>
      {points.length === 0 ? (
        <p className="burn-up__empty">The chart starts on the cycle’s first day.</p>
      ) : (
        <div ref={box} className="burn-up__plot" aria-hidden="true" />
      )}
      {points.length ? (
        <details className="burn-up__data">
          <summary>Figures by day</summary>
          <table>
            <caption className="visually-hidden">
              Scope and completed issues at each day’s end
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Scope</th>
                <th scope="col">Completed</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <th scope="row">{dayLabel(p.day)}</th>
                  <td>{p.scope}</td>
                  <td>{p.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  );
}
