import { dayNumber, dayOf, STATE_CATEGORIES, type CumulativeFlow } from '@keel/domain';
import type { AlignedData } from 'uplot';
import { STACK_ORDER } from './format.ts';

const DAY_S = 86_400;

/** A flow ready to draw: uPlot's columns, and the figures day by day in the same order. */
export interface StackedFlow {
  data: AlignedData;
  /** The top of the stack on its highest day. */
  max: number;
  flow: CumulativeFlow;
}

/**
 * A flow as uPlot's columns, stacked (uPlot draws lines, not stacks): the x column in seconds,
 * then one column per category of STACK_ORDER holding that category's count plus all those
 * below it, so each series is the top edge of its band and the first is the total.
 *
 * `fromZero`: the flow starts at the project's first issue, so the day before held none; drawing
 * that day lets the areas rise from the axis, and a project one day old still shows something.
 */
export function stackFlow(flow: CumulativeFlow, fromZero: boolean): StackedFlow {
  if (fromZero && flow.days.length) flow = withDayBefore(flow);
  const x = flow.days.map((day) => dayNumber(day) * DAY_S);
  const columns: number[][] = [];
  let below = new Array<number>(x.length).fill(0);
  for (let i = STACK_ORDER.length - 1; i >= 0; i--) {
    const counts = flow.counts[STACK_ORDER[i]!];
    below = below.map((sum, j) => sum + counts[j]!);
    columns.unshift(below);
  }
  const max = columns.length ? Math.max(0, ...columns[0]!) : 0;
  return { data: [x, ...columns], max, flow };
}

function withDayBefore(flow: CumulativeFlow): CumulativeFlow {
  const counts = { ...flow.counts };
  for (const c of STATE_CATEGORIES) counts[c] = [0, ...flow.counts[c]];
  return { days: [dayOf(dayNumber(flow.days[0]!) - 1), ...flow.days], counts };
}
