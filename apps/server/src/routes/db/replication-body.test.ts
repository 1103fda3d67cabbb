import { describe, expect, it } from 'vitest';
import { checkpointSchema, jsonDepthExceeds } from './replication-body.ts';

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
});
