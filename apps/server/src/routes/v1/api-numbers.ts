import { LIMITS } from '@keel/domain';
import type { AppStore } from '../../db/app-store.ts';
import type { CouchDoc } from '../../db/couch-client.ts';

/**
 * `apinumbers:<workspaceId>:<projectId>:<userId>`: the block of issue numbers a person's API
 * calls take their numbers from, one at a time, as a device takes its own. A device's blocks
 * stay the device's (it numbers issues offline from them), so the API claims blocks of its own
 * from the same counter (IssueNumbers): issue numbers are never given twice, and a script
 * making issues one after another gets consecutive numbers.
 */
interface ApiNumbersDoc extends CouchDoc {
  type: 'apinumbers';
  start: number;
  end: number;
  next: number;
}

export async function nextApiNumber(
  store: AppStore,
  workspaceId: string,
  projectId: string,
  userId: string,
): Promise<number> {
  const id = `apinumbers:${workspaceId}:${projectId}:${userId}`;
  for (let round = 0; round < 20; round++) {
    const current = await store.get<ApiNumbersDoc>(id);
    if (!current || current.next > current.end) {
      const numbers = await store.numbers.reserve(
        workspaceId,
        projectId,
        userId,
        LIMITS.issueNumbersPerBlock,
      );
      const block = { start: numbers[0]!, end: numbers.at(-1)! };
      // Another request of the same person may have refilled it meanwhile: theirs stays, and
      // this block's numbers go unused (numbers may skip; they never repeat).
      await store.update<ApiNumbersDoc>(id, (now) =>
        now && now.next <= now.end
          ? null
          : { _id: id, type: 'apinumbers', ...block, next: block.start },
      );
      continue;
    }
    let taken: number | null = null;
    // A claim: of two requests taking the same number through two nodes, one wins and the
    // other takes the next.
    await store.update<ApiNumbersDoc>(
      id,
      (now) => {
        taken = null;
        if (!now || now.next > now.end) return null;
        taken = now.next;
        return { ...now, next: now.next + 1 };
      },
      { claim: true },
    );
    if (taken !== null) return taken;
  }
  throw new Error(`Too much contention on the API's issue numbers of ${projectId}`);
}
