import { describe, expect, it } from 'vitest';
import { WriteQueue } from './write-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WriteQueue', () => {
  it('holds tasks until released, then runs them in order', async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    void queue.run(async () => void order.push('a'));
    void queue.run(async () => void order.push('b'));
    await tick();
    expect(order).toEqual([]);
    queue.release();
    await tick();
    expect(order).toEqual(['a', 'b']);
  });

  it('starts a task in the caller’s task when nothing is queued', async () => {
    const queue = new WriteQueue();
    queue.release();
    let started = false;
    void queue.run(async () => {
      started = true;
    });
    expect(started).toBe(true);
  });

  it('runs one at a time: a task queued behind a running one waits for it to finish', async () => {
    const queue = new WriteQueue();
    queue.release();
    const order: string[] = [];
    let finishFirst: () => void = () => undefined;
    void queue.run(async () => {
      order.push('first starts');
      // Queued while the first starts: must not start before it ends.
      void queue.run(async () => void order.push('nested'));
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first ends');
    });
    void queue.run(async () => void order.push('second'));
    await tick();
    expect(order).toEqual(['first starts']);
    finishFirst();
    await tick();
    expect(order).toEqual(['first starts', 'first ends', 'nested', 'second']);
  });

  it('goes on after a task fails, and gives the failure to its caller', async () => {
    const queue = new WriteQueue();
    queue.release();
    const failed = queue.run(async () => {
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
