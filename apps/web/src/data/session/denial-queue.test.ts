import { describe, expect, it } from 'vitest';
import type { Denial } from '../replica-types.ts';
import type { DenialOutcome } from '../rejected/handle-denial.ts';
import { DenialQueue } from './denial-queue.ts';

const denial = (id: string): Denial => ({ id, reason: 'Refused' });

describe('DenialQueue', () => {
  it("handles a batch's activity records after its other refusals, one at a time", async () => {
    const handled: string[] = [];
    let running = 0;
    const queue = new DenialQueue(
      async (d) => {
        expect(++running).toBe(1);
        handled.push(d.id);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return { kind: 'ignored' };
      },
      () => undefined,
    );
    // One batch, as the replicator reports it: in one loop, the record first.
    queue.push(denial('activity:a1'));
    queue.push(denial('issue:i1'));
    queue.push(denial('comment:c1'));
    await queue.idle();
    expect(handled).toEqual(['issue:i1', 'comment:c1', 'activity:a1']);

    // A later batch waits for the one being handled.
    queue.push(denial('activity:a2'));
    queue.push(denial('issue:i2'));
    await queue.idle();
    expect(handled.slice(3)).toEqual(['issue:i2', 'activity:a2']);
  });

  it('says why a change was undone, and goes on past a refusal it could not handle', async () => {
    const toasts: string[] = [];
    const outcomes: Record<string, () => Promise<DenialOutcome>> = {
      'issue:broken': () => Promise.reject(new Error('replica closed')),
      'issue:undone': async () => ({ kind: 'undone', message: 'Taken back: why', kept: null }),
      'issue:quiet': async () => ({ kind: 'undone', message: null, kept: null }),
    };
    const queue = new DenialQueue(
      (d) => outcomes[d.id]!(),
      (m) => toasts.push(m),
    );
    queue.push(denial('issue:broken'));
    queue.push(denial('issue:undone'));
    queue.push(denial('issue:quiet'));
    await queue.idle();
    expect(toasts).toEqual(['Taken back: why']);
  });
});
