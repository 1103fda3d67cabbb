import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage as a browser keeps it: strings by key, surviving a reload of the page's code. */
function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The module as a freshly loaded page has it: its in-memory lists start from storage. */
const load = async () => {
  vi.resetModules();
  return import('./rejected-store.ts');
};

const entry = {
  slug: 'acme',
  docId: 'issue:abc',
  docType: 'issue',
  subject: 'ENG-21',
  reason: 'You no longer have access to Acme',
  text: 'Title: Typed before removal',
  at: '2026-11-27T02:00:00.000Z',
};

describe('rejected changes kept on the device', () => {
  beforeEach(() => vi.stubGlobal('localStorage', storage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the same change refused for the same reason once, also across a reload', async () => {
    const first = await load();
    const kept = first.keepRejected('u1', entry);
    expect(first.keepRejected('u1', { ...entry, at: '2026-11-27T02:00:05.000Z' })).toEqual(kept);

    const reloaded = await load();
    reloaded.keepRejected('u1', { ...entry, at: '2026-11-27T02:01:00.000Z' });
    expect(reloaded.rejectedChanges('u1').get()).toEqual([kept]);
  });

  it('keeps each different text or reason as its own entry, newest first', async () => {
    const { keepRejected, rejectedChanges } = await load();
    keepRejected('u1', entry);
    keepRejected('u1', { ...entry, text: 'Title: Typed before removal, then more' });
    keepRejected('u1', { ...entry, reason: 'You can no longer edit issues' });
    keepRejected('u2', entry);
    expect(
      rejectedChanges('u1')
        .get()
        .map((e) => [e.reason, e.text]),
    ).toEqual([
      ['You can no longer edit issues', 'Title: Typed before removal'],
      ['You no longer have access to Acme', 'Title: Typed before removal, then more'],
      ['You no longer have access to Acme', 'Title: Typed before removal'],
    ]);
    expect(rejectedChanges('u2').get()).toHaveLength(1);
  });
});
