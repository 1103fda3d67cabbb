import { afterEach, describe, expect, it, vi } from 'vitest';
import { eachWhenIdle, IDLE_SLICE_MS, MAX_IDLE_WAIT_MS, whenIdle } from './when-idle.ts';

interface IdleCall {
  callback: IdleRequestCallback;
  timeout: number | undefined;
}

/** A requestIdleCallback the test drives: each call is kept until the test runs it. */
function stubIdle(): { calls: IdleCall[]; cancelled: number[]; run: (msLeft: number) => void } {
  const calls: IdleCall[] = [];
  const cancelled: number[] = [];
  let handles = 0;
  vi.stubGlobal(
    'requestIdleCallback',
    (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      calls.push({ callback, timeout: options?.timeout });
      return ++handles;
    },
  );
  vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
  const run = (msLeft: number) => {
    const call = calls.shift()!;
    call.callback({ didTimeout: msLeft === 0, timeRemaining: () => msLeft });
  };
  return { calls, cancelled, run };
}

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for idle periods, at most a second apart, until the step says it is done', () => {
    const idle = stubIdle();
    const seen: number[] = [];
    whenIdle((timeLeft) => {
      seen.push(timeLeft());
      return seen.length === 3;
    });
    expect(idle.calls).toHaveLength(1);
    expect(idle.calls[0]!.timeout).toBe(MAX_IDLE_WAIT_MS);
    idle.run(5);
    idle.run(0);
    expect(idle.calls).toHaveLength(1);
    idle.run(3);
    expect(seen).toEqual([5, 0, 3]);
    expect(idle.calls).toHaveLength(0);
  });

  it('takes at most a slice of a long idle period, so input made meanwhile does not wait long', () => {
    const idle = stubIdle();
    let left = Infinity;
    whenIdle((timeLeft) => {
      left = timeLeft();
      return true;
    });
    idle.run(49);
    expect(left).toBeLessThanOrEqual(IDLE_SLICE_MS);
    expect(left).toBeGreaterThan(IDLE_SLICE_MS - 2);
  });

  it('stops when cancelled: the pending period is cancelled and no step runs', () => {
    const idle = stubIdle();
    let steps = 0;
    const cancel = whenIdle(() => {
      steps += 1;
      return false;
    });
    idle.run(10);
    cancel();
    expect(idle.cancelled).toEqual([2]);
    expect(steps).toBe(1);
  });

  it('without requestIdleCallback, runs in timer slices', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    let steps = 0;
    whenIdle((timeLeft) => {
      expect(timeLeft()).toBeGreaterThan(0);
      steps += 1;
      return steps === 2;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(steps).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(steps).toBe(2);
  });
});

describe('eachWhenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes items while time is left and resumes where it stopped', () => {
    const idle = stubIdle();
    const done: string[] = [];
    let msLeft = 0;
    eachWhenIdle(['a', 'b', 'c'], (item) => {
      done.push(item);
      msLeft -= 5;
    });
    msLeft = 0;
    idle.run(0); // forced by the timeout: nothing is taken, and it asks again
    expect(done).toEqual([]);
    // Each item costs 5 ms of the period's 8.
    const call = idle.calls.shift()!;
    msLeft = 8;
    call.callback({ didTimeout: false, timeRemaining: () => msLeft });
    expect(done).toEqual(['a', 'b']);
    expect(idle.calls).toHaveLength(1);
    msLeft = 20;
    const last = idle.calls.shift()!;
    last.callback({ didTimeout: false, timeRemaining: () => msLeft });
    expect(done).toEqual(['a', 'b', 'c']);
    expect(idle.calls).toHaveLength(0);
  });
});
