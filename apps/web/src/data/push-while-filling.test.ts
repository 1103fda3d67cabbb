import { describe, expect, it } from 'vitest';
import { PushWhileFilling } from './push-while-filling.ts';
import type { PushedAhead, Written } from './replica-push-ahead.ts';
import type { Denial } from './replica-types.ts';

/** A push that answers when told to, recording what each request carried. */
function scriptedPush() {
  const requests: Written[][] = [];
  const answers: ((outcome: PushedAhead | Error) => void)[] = [];
  const push = (written: readonly Written[]) => {
    requests.push([...written]);
    return new Promise<PushedAhead>((resolve, reject) =>
      answers.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome))),
    );
  };
  const answer = async (outcome: PushedAhead | Error) => {
    answers.shift()!(outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { push, requests, answer };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const script = scriptedPush();
  const denials: Denial[] = [];
  let counts = 0;
  const ahead = new PushWhileFilling(script.push, {
    onDenied: (denial) => denials.push(denial),
    onCount: () => counts++,
  });
  return { ahead, denials, counts: () => counts, ...script };
}

describe('PushWhileFilling', () => {
  it('sends a write at once and counts the change, not its activity record, until it is up', async () => {
    const { ahead, requests, answer } = setUp();
    ahead.wrote([
      { id: 'issue:a', rev: '2-x' },
      { id: 'activity:1', rev: '1-y' },
    ]);
    expect(ahead.waiting).toBe(1);
    await tick();
    expect(requests).toEqual([
      [
        { id: 'issue:a', rev: '2-x' },
        { id: 'activity:1', rev: '1-y' },
      ],
    ]);
    await answer({ pushed: ['issue:a', 'activity:1'], denied: [] });
    expect(ahead.waiting).toBe(0);
  });

  it('one request at a time: a write made meanwhile goes with the next, its later revision kept waiting', async () => {
    const { ahead, requests, answer } = setUp();
    ahead.wrote([{ id: 'issue:a', rev: '2-x' }]);
    await tick();
    ahead.wrote([{ id: 'issue:a', rev: '3-z' }]);
    await tick();
    expect(requests).toHaveLength(1);
    await answer({ pushed: ['issue:a'], denied: [] });
    // Revision 2 is up, 3 is not.
    expect(ahead.waiting).toBe(1);
    expect(requests[1]).toEqual([{ id: 'issue:a', rev: '3-z' }]);
    await answer({ pushed: ['issue:a'], denied: [] });
    expect(ahead.waiting).toBe(0);
  });

  it('keeps what failed to go up for the next request, and sends it again on retry', async () => {
    const { ahead, requests, answer } = setUp();
    ahead.wrote([{ id: 'issue:a', rev: '2-x' }]);
    await tick();
    await answer(new Error('offline'));
    expect(ahead.waiting).toBe(1);
    ahead.retry();
    await tick();
    expect(requests[1]).toEqual([{ id: 'issue:a', rev: '2-x' }]);
    await answer({ pushed: [], denied: [] });
    // Saved by neither answer (a document the server failed on): still waiting.
    expect(ahead.waiting).toBe(1);
  });

  it('hands on each refusal and stops counting the refused change', async () => {
    const { ahead, denials, answer } = setUp();
    ahead.wrote([
      { id: 'issue:a', rev: '2-x' },
      { id: 'issue:b', rev: '1-y' },
    ]);
    await tick();
    const refused = { id: 'issue:b', reason: 'Not allowed', code: 'FORBIDDEN' };
    await answer({ pushed: ['issue:a'], denied: [refused] });
    expect(denials).toEqual([refused]);
    expect(ahead.waiting).toBe(0);
  });

  it('after stop, sends nothing more and leaves the answers to the push after the fill', async () => {
    const { ahead, requests, answer, counts } = setUp();
    ahead.wrote([{ id: 'issue:a', rev: '2-x' }]);
    await tick();
    ahead.stop();
    const before = counts();
    await answer({ pushed: ['issue:a'], denied: [{ id: 'issue:a', reason: 'late' }] });
    ahead.wrote([{ id: 'issue:b', rev: '1-y' }]);
    ahead.retry();
    await tick();
    expect(requests).toHaveLength(1);
    expect(counts()).toBe(before);
  });
});
