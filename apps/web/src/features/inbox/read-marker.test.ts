import { describe, expect, it } from 'vitest';
import { checkDocumentWrite } from '@keel/domain';
import { markAllReadUpTo, markReadWrite } from './read-marker.ts';

const T1 = '2026-11-22T10:00:00.000Z';
const T2 = '2026-11-22T11:00:00.000Z';

describe('markReadWrite', () => {
  it('creates the marker on first use, one a viewer may write', () => {
    const doc = markReadWrite(undefined, 'v1', T1, T1);
    expect(doc).toMatchObject({ _id: 'readMarker:v1', userId: 'v1', lastReadAt: T1 });
    expect(checkDocumentWrite(doc, { role: 'viewer', userId: 'v1', existing: null }).ok).toBe(true);
  });

  it('moves an existing marker forward, keeping its revision', () => {
    const stored = { ...markReadWrite(undefined, 'u1', T1, T1)!, _rev: '1-a' };
    const moved = markReadWrite(stored, 'u1', T2, T2);
    expect(moved).toMatchObject({ _rev: '1-a', lastReadAt: T2, createdAt: T1 });
    expect(checkDocumentWrite(moved, { role: 'viewer', userId: 'u1', existing: stored }).ok).toBe(
      true,
    );
  });

  it('writes nothing when the marker is already at or past that moment', () => {
    const stored = { ...markReadWrite(undefined, 'u1', T2, T2)!, _rev: '1-a' };
    expect(markReadWrite(stored, 'u1', T1, T2)).toBeNull();
    expect(markReadWrite(stored, 'u1', T2, T2)).toBeNull();
  });
});

describe('markAllReadUpTo', () => {
  it('is now, unless a notification is stamped later than this device’s clock', () => {
    expect(markAllReadUpTo(undefined, T1)).toBe(T1);
    expect(markAllReadUpTo(T1, T2)).toBe(T2);
    expect(markAllReadUpTo(T2, T1)).toBe(T2);
  });
});
