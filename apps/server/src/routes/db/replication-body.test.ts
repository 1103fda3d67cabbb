import { describe, expect, it } from 'vitest';
import { checkpointSchema, jsonDepthExceeds, MAX_SEQ_LENGTH } from './replication-body.ts';

describe('jsonDepthExceeds', () => {
  it('measures nesting of arrays and objects, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds('{"docs":[{"a":[1]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"docs":[{"a":[[1]]}]}', 4)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[{{{{{\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true);
  });
});

describe('checkpointSchema', () => {
  it('takes what PouchDB writes and nothing else', () => {
    const checkpoint = {
      _id: '_local/abc',
      session_id: 's1',
      history: [{ last_seq: 12, session_id: 's1' }],
      replicator: 'pouchdb',
      version: 1,
      last_seq: 12,
    };
    expect(checkpointSchema.safeParse(checkpoint).success).toBe(true);
    expect(checkpointSchema.safeParse({ ...checkpoint, _rev: '0-1' }).success).toBe(true);
    expect(checkpointSchema.safeParse({ ...checkpoint, payload: 'x' }).success).toBe(false);
    expect(checkpointSchema.safeParse({ docs: [] }).success).toBe(false);
  });

  it("takes a CouchDB cluster's sequences, however many shards it has (q=64 and beyond)", () => {
    // The shape CouchDB 3 writes: `<sum>-<base64 of the shard positions>`, longer with each shard.
    const clusterSeq = (length: number) =>
      `8123-g1AAAA${'ABCDefgh0123-_'.repeat(length)}`.slice(0, length);
    const checkpoint = (lastSeq: string) => ({
      _id: '_local/abc',
      session_id: 's1',
      history: Array.from({ length: 20 }, (_, i) => ({ last_seq: lastSeq, session_id: `s${i}` })),
      replicator: 'pouchdb',
      version: 1,
      last_seq: lastSeq,
    });
    expect(checkpointSchema.safeParse(checkpoint(clusterSeq(1_250))).success).toBe(true);
    expect(checkpointSchema.safeParse(checkpoint(clusterSeq(MAX_SEQ_LENGTH))).success).toBe(true);
    expect(MAX_SEQ_LENGTH).toBeGreaterThanOrEqual(5 * 1_250);
    expect(checkpointSchema.safeParse(checkpoint(clusterSeq(MAX_SEQ_LENGTH + 1))).success).toBe(
      false,
    );
  });
});
