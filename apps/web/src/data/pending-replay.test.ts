import { describe, expect, it } from 'vitest';
import { replayPending, type ReplayTarget } from './pending-replay.ts';
import type { LeafVersion } from './replica-types.ts';

/** A device holding `held` by id, recording what the replay writes. */
function device(held: Record<string, LeafVersion>) {
  const written: object[] = [];
  const target: ReplayTarget = {
    bulk: async (docs) => {
      written.push(...docs);
      return docs.map((d) => ({ ok: true, id: (d as { _id: string })._id, rev: 'new' }));
    },
    current: async (id) => held[id] ?? null,
  };
  return { target, written };
}

const relation = { _id: 'relation:blocks.a.b', type: 'relation', kind: 'blocks' };
const tombstone: LeafVersion = { rev: '2-x', deleted: true, doc: null };

describe('replaying a change the page may not have committed', () => {
  it('writes a relation added again over its deleted one, on top of it', async () => {
    const { target, written } = device({ [relation._id]: tombstone });
    expect(await replayPending(target, [relation])).toEqual({ saved: true });
    expect(written).toEqual([{ ...relation, _rev: '2-x' }]);
  });

  it('leaves a new document the device holds as landed, deleted since or not', async () => {
    const comment = { _id: 'comment:c1', type: 'comment', body: 'Hi' };
    const { target, written } = device({
      [comment._id]: { rev: '2-y', deleted: true, doc: null },
      [relation._id]: { rev: '1-z', deleted: false, doc: relation },
    });
    expect(await replayPending(target, [comment, relation])).toEqual({ saved: true });
    expect(written).toEqual([]);
  });
});
