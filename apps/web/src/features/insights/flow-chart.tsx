import { memo, useCallback, useMemo, useState } from 'react';
import uPlot from 'uplot';
import { dayOf, type CumulativeFlow } from '@keel/domain';
import { CATEGORY_NAMES, CATEGORY_TOKENS, dayLabel, STACK_ORDER } from './format.ts';
import { stackFlow } from './flow-stack.ts';
import { axisStyle, Plot, withAlpha, type TokenReader } from './plot.tsx';

const HEIGHT = 260;
const DAY_S = 86_400;

/**
 * Cumulative flow (issue 24): the project's issues per state category at each day's end, as
 * stacked areas, with a legend of the hovered day's counts (today's when not hovering) and the
 * same figures in a table. `flow` is null while the history is still being read: the frame
 * shows, with a note, so the page does not jump when it arrives.
 */
export function FlowChart({
  flow,
  days: rangeDays,
  rangeLabel,
}: {
  flow: CumulativeFlow | null;
  /** The range asked for: a flow shorter than that starts at the project's first issue. */
  days: number;
  rangeLabel: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const stacked = useMemo(
    () => (flow ? stackFlow(flow, flow.days.length < rangeDays) : null),
    [flow, rangeDays],
  );
  const options = useCallback(
    (token: TokenReader) => {
      const axis = axisStyle(token);
      const last = STACK_ORDER.length;
      return {
        // Days are UTC calendar days, shown as such wherever the reader is.
        tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1e3), 'Etc/UTC'),
        scales: {
          x: { time: true },
          y: { range: (): uPlot.Range.MinMax => [0, Math.max(4, stacked?.max ?? 0)] },
        },
        axes: [
          {
            ...axis,
            incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S, 56 * DAY_S, 91 * DAY_S],
            values: (_u: uPlot, splits: number[]) =>
              splits.map((s) => dayLabel(dayOf(Math.round(s / DAY_S)))),
          },
          { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] },
        ],
        legend: { show: false },
        cursor: { points: { show: false } },
        hooks: { setCursor: [(u: uPlot) => setHovered(u.cursor.idx ?? null)] },
        series: [
          {},
          ...STACK_ORDER.map((category, i) => {
            const color = token(CATEGORY_TOKENS[category]);
            return {
              label: CATEGORY_NAMES[category],
              stroke: color,
              width: 1.5,
              // uPlot marks each point when there are few; areas read better without them.
              points: { show: false },
              // The bottom band fills to the axis; the others are bands between two edges.
              ...(i === last - 1 ? { fill: withAlpha(color, 0.5) } : {}),
            };
          }),
        ],
        bands: STACK_ORDER.slice(0, -1).map((category, i) => ({
          series: [i + 1, i + 2] as [number, number],
          fill: withAlpha(token(CATEGORY_TOKENS[category]), 0.5),
        })),
      };
    },
    [stacked],
  );

  // The legend reads the drawn days (with the day before the first issue, if drawn).
  const shown = stacked?.flow;
  const days = shown?.days ?? [];
  const at = hovered ?? days.length - 1;
  return (
    <figure className="insight" aria-labelledby="flow-title" aria-describedby="flow-about">
      <figcaption className="insight__caption">
        <h2 id="flow-title" className="insight__title">
          Cumulative flow
        </h2>
        <p id="flow-about" className="insight__about">
          Issues in each kind of state at the end of each day, {rangeLabel}.
        </p>
      </figcaption>
      {!flow || !stacked || !shown ? (
        <div className="insight__frame" style={{ minHeight: HEIGHT }}>
          <p className="insight__note">Reading history…</p>
        </div>
      ) : flow.days.length === 0 ? (
        <p className="insight__empty">
          No issues in this project yet: the flow appears here once issues are created.
        </p>
      ) : (
        <>
          <ul className="insight__legend" aria-hidden="true">
            <li className="insight__legend-day">{dayLabel(days[at]!)}</li>
            {STACK_ORDER.map((category) => (
              <li key={category}>
                <span className={`insight__swatch insight__swatch--${category}`} />
                {CATEGORY_NAMES[category]} <b>{shown.counts[category][at]}</b>
              </li>
            ))}
          </ul>
          <Plot options={options} data={stacked.data} height={HEIGHT} className="insight__plot" />
          <FlowTable flow={flow} />
        </>
      )}
    </figure>
  );
}

/**
 * The flow's figures by day, newest first; built only once opened (a year is 365 rows), and not
 * again as the pointer moves over the chart.
 */
const FlowTable = memo(function FlowTable({ flow }: { flow: CumulativeFlow }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="insight__data" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Show as table</summary>
      {open ? (
        <table>
          <caption className="visually-hidden">
            Issues in each kind of state at each day’s end, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {STACK_ORDER.map((c) => (
                <th key={c} scope="col">
                  {CATEGORY_NAMES[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {flow.days
              .map((day, i) => (
                <tr key={day}>
                  <th scope="row">{dayLabel(day)}</th>
                  {STACK_ORDER.map((c) => (
                    <td key={c}>{flow.counts[c][i]}</td>
                  ))}
                </tr>
              ))
              .reverse()}
          </tbody>
        </table>
      ) : null}
    </details>
  );
});
