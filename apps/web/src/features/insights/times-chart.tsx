import { useCallback, useMemo, useState } from 'react';
import uPlot, { type AlignedData } from 'uplot';
import { DURATION_BUCKETS, type DurationStats, type IssueTimes } from '@keel/domain';
import { SegmentedControl } from '../../shared/ui/segmented-control.tsx';
import { durationLabel } from './format.ts';
import { axisStyle, Plot, type TokenReader } from './plot.tsx';

const HEIGHT = 220;
type Measure = 'lead' | 'cycle';

const MEASURES: Record<Measure, { name: string; from: string }> = {
  lead: { name: 'Lead time', from: 'created' },
  cycle: { name: 'Cycle time', from: 'started' },
};
const MEASURE_OPTIONS = (Object.keys(MEASURES) as Measure[]).map((m) => ({
  value: m,
  label: MEASURES[m].name,
}));

/**
 * Lead time or cycle time (issue 24) of the issues completed in the range, as a histogram in
 * widening buckets, with the median and 85th percentile beside it and the counts in a table.
 * One chart with a switch rather than two: the same buckets, so the reader compares by
 * switching, and a phone keeps one chart on screen.
 */
export function TimesChart({ times, rangeLabel }: { times: IssueTimes; rangeLabel: string }) {
  const [measure, setMeasure] = useState<Measure>('lead');
  const stats = times[measure];
  const { name, from } = MEASURES[measure];
  const lower = name.toLowerCase();
  return (
    <figure className="insight" aria-labelledby="times-title" aria-describedby="times-about">
      <figcaption className="insight__caption">
        <h2 id="times-title" className="insight__title">
          {name}
        </h2>
        <p id="times-about" className="insight__about">
          Days from {from} to completed, for issues completed {rangeLabel}.
        </p>
      </figcaption>
      <SegmentedControl
        label="Measure"
        className="insight__switch"
        options={MEASURE_OPTIONS}
        value={measure}
        onChange={setMeasure}
      />
      {stats.count === 0 ? (
        <p className="insight__empty">
          {measure === 'cycle' && times.lead.count > 0
            ? `None of the issues completed ${rangeLabel} was started first: cycle time counts from the day an issue moves to a started state.`
            : `No completed issues ${rangeLabel}: ${lower} appears here once issues are done.`}
        </p>
      ) : (
        <>
          <dl className="insight__figures">
            <div>
              <dt>Median</dt>
              <dd>{durationLabel(stats.median!)}</dd>
            </div>
            <div>
              <dt>85th percentile</dt>
              <dd>{durationLabel(stats.p85!)}</dd>
            </div>
            <div>
              <dt>Issues</dt>
              <dd>{stats.count}</dd>
            </div>
          </dl>
          <Histogram stats={stats} />
          <details className="insight__data">
            <summary>Show as table</summary>
            <table>
              <caption className="visually-hidden">{name}: completed issues per duration</caption>
              <thead>
                <tr>
                  <th scope="col">{name}</th>
                  <th scope="col">Issues</th>
                </tr>
              </thead>
              <tbody>
                {DURATION_BUCKETS.map((bucket, i) => (
                  <tr key={bucket.label}>
                    <th scope="row">{bucket.name}</th>
                    <td>{stats.buckets[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}

function Histogram({ stats }: { stats: DurationStats }) {
  const data = useMemo<AlignedData>(
    () => [DURATION_BUCKETS.map((_, i) => i), stats.buckets],
    [stats],
  );
  const options = useCallback(
    (token: TokenReader) => {
      const axis = axisStyle(token);
      const accent = token('--color-accent');
      return {
        scales: {
          x: {
            time: false,
            range: (): uPlot.Range.MinMax => [-0.5, DURATION_BUCKETS.length - 0.5],
          },
          y: { range: (): uPlot.Range.MinMax => [0, Math.max(4, ...stats.buckets)] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            splits: () => DURATION_BUCKETS.map((_, i) => i),
            values: (_u: uPlot, splits: number[]) =>
              splits.map((s) => DURATION_BUCKETS[s]?.label ?? ''),
          },
          { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] },
        ],
        legend: { show: false },
        cursor: { show: false },
        series: [
          {},
          {
            label: 'Issues',
            stroke: accent,
            fill: accent,
            paths: uPlot.paths.bars!({ size: [0.7, 64] }),
            points: { show: false },
          },
        ],
      };
    },
    [stats],
  );
  return <Plot options={options} data={data} height={HEIGHT} className="insight__plot" />;
}
