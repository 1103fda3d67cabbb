import { describe, expect, it } from 'vitest';
import { CouchConflict } from './couch-client.ts';
import { retryOnConflict } from './retry-on-conflict.ts';

/** An attempt that conflicts `conflicts` times, then returns how many times it ran. */
function conflicting(conflicts: number) {
  let runs = 0;
  const attempt = () => {
    runs++;
    return runs <= conflicts
      ? Promise.reject(new CouchConflict('conflict'))
      : Promise.resolve(runs);
  };
  return { attempt, runs: () => runs };
}

describe('retryOnConflict', () => {
  it('returns the first attempt that lands, after the conflicts before it', async () => {
    const { attempt, runs } = conflicting(3);
    await expect(retryOnConflict('member:u1', 10, attempt)).resolves.toBe(4);
    expect(runs()).toBe(4);
  });

  it('lands on the last attempt allowed', async () => {
    const { attempt } = conflicting(9);
    await expect(retryOnConflict('member:u1', 10, attempt)).resolves.toBe(10);
  });

  it('fails loudly, naming the document, after as many conflicts in a row as allowed', async () => {
    const { attempt, runs } = conflicting(10);
    await expect(retryOnConflict('member:u1', 10, attempt)).rejects.toThrow(
      'Too much contention on member:u1: 10 conflicting writes in a row',
    );
    expect(runs()).toBe(10);
  });

  it('passes any other failure on at once, without retrying', async () => {
    let runs = 0;
    const down = new Error('database down');
    await expect(
      retryOnConflict('member:u1', 10, () => {
        runs++;
        return Promise.reject(down);
      }),
    ).rejects.toBe(down);
    expect(runs).toBe(1);
  });
});
