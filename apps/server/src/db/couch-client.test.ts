import { describe, expect, it } from 'vitest';
import { isStaleConnection } from './couch-client.ts';

describe('the database client', () => {
  it('sends again only what the database cannot have received', () => {
    const failed = (code: string) =>
      Object.assign(new TypeError('fetch failed'), { cause: { code } });
    expect(isStaleConnection(failed('EPIPE'), 'POST')).toBe(true);
    expect(isStaleConnection(failed('ECONNRESET'), 'GET')).toBe(true);
    expect(isStaleConnection(failed('ECONNRESET'), 'POST')).toBe(false);
    expect(isStaleConnection(failed('ECONNREFUSED'), 'GET')).toBe(false);
    expect(isStaleConnection(new Error('other'), 'GET')).toBe(false);
  });
});
