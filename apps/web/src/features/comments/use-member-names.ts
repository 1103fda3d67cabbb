import { useCallback } from 'react';
import { useMemberMap } from '../../data/use-docs.ts';

/** A member's display name by user id, for mentions; stable until the members change. */
export function useMemberNames(): (userId: string) => string | undefined {
  const members = useMemberMap();
  return useCallback(
    (userId: string) => {
      const m = members.get(userId);
      return m ? m.name || m.email : undefined;
    },
    [members],
  );
}
