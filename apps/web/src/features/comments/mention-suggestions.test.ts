import { describe, expect, it } from 'vitest';
import type { MemberDoc } from '@keel/domain';
import { testMember } from '@keel/domain/test-fixtures';
import { suggestMembers } from './mention-suggestions.ts';

const member = (userId: string, name: string, active = true): MemberDoc =>
  testMember({
    userId,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@x.y`,
    active,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
const members = [
  member('u1', 'Grace Hopper'),
  member('u2', 'Ada Lovelace'),
  member('u3', 'Gone Person', false),
  member('u4', 'Alan Gray'),
];

describe('mention suggestions', () => {
  it('matches word starts of active members, prefix first', () => {
    expect(suggestMembers(members, 'g').map((m) => m.userId)).toEqual(['u1', 'u4']);
    expect(suggestMembers(members, 'love').map((m) => m.userId)).toEqual(['u2']);
    expect(suggestMembers(members, '').length).toBe(3);
  });
});
