import { describe, expect, it } from 'vitest';
import { endedByShutdown, LiveRequests } from './live-requests.ts';

describe('LiveRequests', () => {
  it('aborts only the removed user’s requests on that workspace', () => {
    const live = new LiveRequests();
    const mine = new AbortController();
    const otherWorkspace = new AbortController();
    const otherUser = new AbortController();
    live.track('u1', 'w1', mine);
    live.track('u1', 'w2', otherWorkspace);
    live.track('u2', 'w1', otherUser);
    expect(live.abort('u1', 'w1')).toBe(1);
    expect(mine.signal.aborted).toBe(true);
    expect(otherWorkspace.signal.aborted).toBe(false);
    expect(otherUser.signal.aborted).toBe(false);
    expect(live.count('u1', 'w1')).toBe(0);
  });

  it('forgets a request that ended by itself', () => {
    const live = new LiveRequests();
    const done = live.track('u1', 'w1', new AbortController());
    expect(live.count('u1', 'w1')).toBe(1);
    done();
    expect(live.count('u1', 'w1')).toBe(0);
    expect(live.abort('u1', 'w1')).toBe(0);
  });
});

describe('LiveRequests when the instance shuts down', () => {
  it('ends the requests waiting for news, and only those, with ShuttingDown', async () => {
    const live = new LiveRequests();
    const longpoll = new AbortController();
    const write = new AbortController();
    live.track('u1', 'w1', longpoll, true);
    live.track('u1', 'w1', write);
    expect(live.shutdown()).toBe(1);
    expect(endedByShutdown(longpoll.signal)).toBe(true);
    expect(write.signal.aborted).toBe(false);

    // One that starts while closing ends too, once its caller can hear it.
    const late = new AbortController();
    live.track('u2', 'w1', late, true);
    expect(late.signal.aborted).toBe(false);
    await Promise.resolve();
    expect(endedByShutdown(late.signal)).toBe(true);
  });

  it('a removal is not a shutdown', () => {
    const live = new LiveRequests();
    const longpoll = new AbortController();
    live.track('u1', 'w1', longpoll, true);
    live.abort('u1', 'w1');
    expect(longpoll.signal.aborted).toBe(true);
    expect(endedByShutdown(longpoll.signal)).toBe(false);
  });
});
