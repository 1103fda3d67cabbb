import { describe, expect, it } from 'vitest';
import { LiveRequests } from './live-requests.ts';

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
