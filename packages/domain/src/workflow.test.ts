import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_STATES,
  MAX_STATES,
  MIN_STATES,
  STATE_CATEGORIES,
  initialState,
  transitionTimes,
  workflowProblems,
  workflowSchema,
  workflowStateSchema,
  type StateCategory,
  type TransitionTimes,
  type WorkflowState,
} from './workflow.ts';

const state = (id: string, category: StateCategory, name = id): WorkflowState => ({
  id,
  name,
  category,
  color: '#123456',
});
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('workflow states (SPEC §4)', () => {
  it('has the five categories', () => {
    expect([...STATE_CATEGORIES]).toEqual([
      'backlog',
      'unstarted',
      'started',
      'completed',
      'canceled',
    ]);
    expect(MIN_STATES).toBe(3);
    expect(MAX_STATES).toBe(20);
  });

  it('gives new projects Backlog, Todo, In Progress, In Review, Done, Canceled', () => {
    expect(DEFAULT_STATES.map((s) => [s.name, s.category])).toEqual([
      ['Backlog', 'backlog'],
      ['Todo', 'unstarted'],
      ['In Progress', 'started'],
      ['In Review', 'started'],
      ['Done', 'completed'],
      ['Canceled', 'canceled'],
    ]);
    expect(workflowProblems(DEFAULT_STATES)).toEqual([]);
    expect(workflowSchema.safeParse(DEFAULT_STATES).success).toBe(true);
    for (const s of DEFAULT_STATES) expect(workflowStateSchema.parse(s)).toEqual(s);
  });

  it('accepts the smallest valid workflow', () => {
    const min = [state('todo', 'unstarted'), state('done', 'completed'), state('no', 'canceled')];
    expect(workflowProblems(min)).toEqual([]);
  });

  it('needs 3–20 states', () => {
    const two = [state('done', 'completed'), state('no', 'canceled')];
    expect(workflowProblems(two)).toContain('A project has 3–20 states');
    const base = [state('todo', 'unstarted'), state('done', 'completed'), state('no', 'canceled')];
    const extra = (n: number) => Array.from({ length: n }, (_, i) => state(`s${i}`, 'started'));
    expect(workflowProblems([...base, ...extra(17)])).toEqual([]);
    expect(workflowProblems([...base, ...extra(18)])).toEqual(['A project has 3–20 states']);
  });

  it('keeps at least one backlog or unstarted, one completed and one canceled state', () => {
    expect(
      workflowProblems([state('a', 'started'), state('b', 'completed'), state('c', 'canceled')]),
    ).toEqual(['Keep at least one Backlog or Unstarted state']);
    expect(
      workflowProblems([state('a', 'backlog'), state('b', 'started'), state('c', 'canceled')]),
    ).toEqual(['Keep at least one Completed state']);
    expect(
      workflowProblems([state('a', 'backlog'), state('b', 'started'), state('c', 'completed')]),
    ).toEqual(['Keep at least one Canceled state']);
  });

  it('needs unique ids and names, names compared ignoring case', () => {
    const base = [state('todo', 'unstarted'), state('done', 'completed'), state('no', 'canceled')];
    expect(workflowProblems([...base, state('todo', 'started', 'Other')])).toEqual([
      'State ids must be unique',
    ]);
    expect(workflowProblems([...base, state('x', 'started', 'DONE')])).toEqual([
      'State names must be unique',
    ]);
  });

  it('agrees with the SPEC §4 rules for any list of states', () => {
    const arbState = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      name: fc.constantFrom('One', 'one', 'Two', 'Three', 'Four', 'Five'),
      category: fc.constantFrom(...STATE_CATEGORIES),
      color: fc.constant('#abcdef'),
    });
    fc.assert(
      fc.property(fc.array(arbState, { maxLength: 22 }), (states) => {
        const cats = new Set(states.map((s) => s.category));
        const valid =
          states.length >= 3 &&
          states.length <= 20 &&
          (cats.has('backlog') || cats.has('unstarted')) &&
          cats.has('completed') &&
          cats.has('canceled') &&
          new Set(states.map((s) => s.id)).size === states.length &&
          new Set(states.map((s) => s.name.toLowerCase())).size === states.length;
        expect(workflowProblems(states).length === 0).toBe(valid);
        expect(workflowSchema.safeParse(states).success).toBe(valid);
      }),
    );
  });

  it('reports workflow problems as schema issues', () => {
    expect(messages(workflowSchema.safeParse([]))).toEqual([
      'A project has 3–20 states',
      'Keep at least one Backlog or Unstarted state',
      'Keep at least one Completed state',
      'Keep at least one Canceled state',
    ]);
  });

  it('validates each state', () => {
    expect(messages(workflowStateSchema.safeParse({ ...state('Bad Id', 'started') }))).toEqual([
      'State id must be 1–40 of a-z, 0-9, -',
    ]);
    expect(messages(workflowStateSchema.safeParse(state('x'.repeat(41), 'started', 'X')))).toEqual([
      'State id must be 1–40 of a-z, 0-9, -',
    ]);
    expect(
      messages(workflowStateSchema.safeParse({ ...state('x', 'started'), name: ' ' })),
    ).toEqual(['State name is required']);
    expect(
      messages(workflowStateSchema.safeParse({ ...state('x', 'started'), name: 'n'.repeat(41) })),
    ).toEqual(['State name must be at most 40 characters']);
    expect(
      messages(workflowStateSchema.safeParse({ ...state('x', 'started'), category: 'done' })),
    ).toEqual(['Unknown state category']);
    expect(
      messages(workflowStateSchema.safeParse({ ...state('x', 'started'), color: 'blue' })),
    ).toEqual(['Colour must look like #RRGGBB']);
    expect(workflowStateSchema.safeParse({ ...state('x', 'started'), extra: 1 }).success).toBe(
      false,
    );
    expect(workflowStateSchema.parse({ ...state('x', 'started'), name: '  Doing ' }).name).toBe(
      'Doing',
    );
  });
});

describe('initialState', () => {
  it('is the first unstarted state', () => {
    expect(initialState(DEFAULT_STATES).id).toBe('todo');
    expect(
      initialState([state('b', 'backlog'), state('u1', 'unstarted'), state('u2', 'unstarted')]).id,
    ).toBe('u1');
  });

  it('falls back to the first backlog state', () => {
    expect(
      initialState([state('s', 'started'), state('b1', 'backlog'), state('b2', 'backlog')]).id,
    ).toBe('b1');
  });

  it('throws when there is neither', () => {
    expect(() => initialState([state('s', 'started'), state('d', 'completed')])).toThrow();
  });

  it('is always a state of the workflow in backlog or unstarted for valid workflows', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...STATE_CATEGORIES], { minLength: 1 }),
        fc.array(fc.constantFrom(...STATE_CATEGORIES), { maxLength: 10 }),
        (must, more) => {
          const cats = [...must, ...more];
          if (!cats.includes('backlog') && !cats.includes('unstarted')) cats.push('backlog');
          const states = cats.map((c, i) => state(`s${i}`, c));
          const first = initialState(states);
          expect(states).toContain(first);
          const wanted = cats.includes('unstarted') ? 'unstarted' : 'backlog';
          expect(first.category).toBe(wanted);
          expect(first).toBe(states.find((s) => s.category === wanted));
        },
      ),
    );
  });
});

describe('transitionTimes (SPEC §4)', () => {
  const NOW = '2024-06-01T10:00:00.000Z';
  const ts = fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString());
  const times: fc.Arbitrary<TransitionTimes> = fc.record({
    startedAt: fc.option(ts, { nil: null }),
    completedAt: fc.option(ts, { nil: null }),
    canceledAt: fc.option(ts, { nil: null }),
  });
  const category = fc.constantFrom(...STATE_CATEGORIES);
  const empty: TransitionTimes = { startedAt: null, completedAt: null, canceledAt: null };

  it('entering started sets startedAt if empty', () => {
    expect(transitionTimes(empty, 'started', NOW)).toEqual({ ...empty, startedAt: NOW });
    const earlier = '2024-01-01T00:00:00.000Z';
    expect(transitionTimes({ ...empty, startedAt: earlier }, 'started', NOW).startedAt).toBe(
      earlier,
    );
  });

  it('entering completed sets completedAt and clears canceledAt', () => {
    const canceled = { ...empty, canceledAt: '2024-01-01T00:00:00.000Z' };
    expect(transitionTimes(canceled, 'completed', NOW)).toEqual({ ...empty, completedAt: NOW });
  });

  it('entering canceled sets canceledAt and clears completedAt', () => {
    const done = { ...empty, completedAt: '2024-01-01T00:00:00.000Z' };
    expect(transitionTimes(done, 'canceled', NOW)).toEqual({ ...empty, canceledAt: NOW });
  });

  it('leaving completed or canceled clears its time', () => {
    for (const to of ['backlog', 'unstarted', 'started'] as const) {
      const r1 = transitionTimes({ ...empty, completedAt: '2024-01-01T00:00:00.000Z' }, to, NOW);
      expect(r1.completedAt).toBeNull();
      const r2 = transitionTimes({ ...empty, canceledAt: '2024-01-01T00:00:00.000Z' }, to, NOW);
      expect(r2.canceledAt).toBeNull();
    }
  });

  it('never leaves completedAt and canceledAt both set', () => {
    fc.assert(
      fc.property(times, category, ts, (current, to, now) => {
        const next = transitionTimes(current, to, now);
        expect(next.completedAt !== null && next.canceledAt !== null).toBe(false);
      }),
    );
  });

  it('never clears startedAt, and only sets it when entering started', () => {
    fc.assert(
      fc.property(times, category, ts, (current, to, now) => {
        const next = transitionTimes(current, to, now);
        if (current.startedAt !== null) expect(next.startedAt).toBe(current.startedAt);
        else expect(next.startedAt).toBe(to === 'started' ? now : null);
      }),
    );
  });

  it('sets exactly the time of the category it enters', () => {
    fc.assert(
      fc.property(times, category, ts, (current, to, now) => {
        const next = transitionTimes(current, to, now);
        expect(next.completedAt !== null).toBe(to === 'completed');
        expect(next.canceledAt !== null).toBe(to === 'canceled');
        if (to === 'completed') expect(next.completedAt).toBe(current.completedAt ?? now);
        if (to === 'canceled') expect(next.canceledAt).toBe(current.canceledAt ?? now);
      }),
    );
  });

  it('does not change its input and returns only the three fields', () => {
    fc.assert(
      fc.property(times, category, ts, (current, to, now) => {
        const frozen = Object.freeze({ ...current });
        const next = transitionTimes(frozen, to, now);
        expect(frozen).toEqual(current);
        expect(Object.keys(next).sort()).toEqual(['canceledAt', 'completedAt', 'startedAt']);
      }),
    );
  });

  it('over any path of moves, the times describe the path', () => {
    fc.assert(
      fc.property(fc.array(category, { minLength: 1, maxLength: 30 }), (path) => {
        let t = empty;
        let firstStarted: string | null = null;
        path.forEach((to, step) => {
          const now = new Date(Date.UTC(2024, 0, 1) + step * 60_000).toISOString();
          const prev = path[step - 1];
          t = transitionTimes(t, to, now);
          if (to === 'started' && firstStarted === null) firstStarted = now;
          // invariants after every step
          expect(t.startedAt).toBe(firstStarted);
          expect(t.completedAt !== null).toBe(to === 'completed');
          expect(t.canceledAt !== null).toBe(to === 'canceled');
          if (to === 'completed' && prev !== 'completed') expect(t.completedAt).toBe(now);
          if (to === 'canceled' && prev !== 'canceled') expect(t.canceledAt).toBe(now);
        });
      }),
    );
  });
});
