import { describe, expect, it } from 'vitest';
import { changesPageSchema, fetchParsed, snapshotPageSchema } from './replica-responses.ts';

const answering = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('fetchParsed', () => {
  it('returns a page of the expected shape, documents whole', async () => {
    const page = await fetchParsed(
      changesPageSchema,
      answering(200, {
        results: [
          {
            id: 'issue:a',
            changes: [{ rev: '1-a' }],
            doc: { _id: 'issue:a', _rev: '1-a', title: 'Kept' },
          },
          { id: 'issue:b', deleted: true, changes: [{ rev: '2-b' }] },
        ],
        last_seq: '12-g1AAAA',
      }),
      '/db/acme/_changes',
    );
    expect(page.last_seq).toBe('12-g1AAAA');
    expect(page.results[0]?.doc).toEqual({ _id: 'issue:a', _rev: '1-a', title: 'Kept' });
  });

  it('fails on an answer of another shape instead of filling the replica with it', async () => {
    await expect(
      fetchParsed(snapshotPageSchema, answering(200, '<html>proxy error</html>'), '/api/x'),
    ).rejects.toThrow(/Unexpected answer from \/api\/x/);
    await expect(
      fetchParsed(snapshotPageSchema, answering(200, { rows: [{ id: 'issue:a' }] }), '/api/x'),
    ).rejects.toThrow(/Unexpected answer/);
  });

  it('fails with the status of an error answer', async () => {
    await expect(
      fetchParsed(changesPageSchema, answering(404, { error: 'not_found' }), '/db/acme/_changes'),
    ).rejects.toMatchObject({ status: 404 });
  });
});
