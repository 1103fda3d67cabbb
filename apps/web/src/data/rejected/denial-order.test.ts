import { describe, expect, it } from 'vitest';
import { inHandlingOrder } from './denial-order.ts';

const denial = (id: string) => ({ id, reason: 'refused' });

describe('inHandlingOrder', () => {
  it('puts activity records after the changes they record, keeping arrival order otherwise', () => {
    const batch = [
      denial('activity:a1'),
      denial('issue:i1'),
      denial('activity:a2'),
      denial('comment:c1'),
      denial('issue:i2'),
    ];
    expect(inHandlingOrder(batch).map((d) => d.id)).toEqual([
      'issue:i1',
      'comment:c1',
      'issue:i2',
      'activity:a1',
      'activity:a2',
    ]);
    // The batch itself is left as it came.
    expect(batch[0]?.id).toBe('activity:a1');
  });

  it('leaves a batch without records, or of records only, as it came', () => {
    const changes = [denial('label:l1'), denial('issue:i1'), denial('readMarker:u1')];
    expect(inHandlingOrder(changes)).toEqual(changes);
    const records = [denial('activity:b'), denial('activity:a')];
    expect(inHandlingOrder(records)).toEqual(records);
  });

  it('treats an id of no known type as a change, not a record', () => {
    expect(inHandlingOrder([denial('activity:a'), denial('weird')]).map((d) => d.id)).toEqual([
      'weird',
      'activity:a',
    ]);
  });
});
