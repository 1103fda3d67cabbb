import type { AppStore } from '../../db/app-store.ts';
import { IssueNumbers, type NumberBlockDoc } from '../../db/issue-numbers.ts';

/**
 * Issue numbers come from blocks the server hands out (`POST …/numbers`), so two devices never
 * pick the same one. A new issue is accepted only with a number from a block reserved by its
 * writer for its project; otherwise a modified client could take a number someone else holds,
 * or one far ahead, and two issues would share a key.
 */
export type ReservedBlocks = (projectId: string, number: number) => Promise<boolean>;

/**
 * Whether a number was reserved by the writer: its block's document, read by id, so a block
 * reserved a moment ago through another instance and node counts; for numbers from before block
 * documents, the writer's recorded requests. Each read once per batch.
 */
export function reservedBlocksOf(
  store: AppStore,
  workspaceId: string,
  userId: string,
): ReservedBlocks {
  const blocks = new Map<string, Promise<NumberBlockDoc | null>>();
  const legacy = new Map<string, Promise<{ start: number; end: number }[]>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    let found = cache.get(key);
    if (!found) cache.set(key, (found = read()));
    return found;
  };
  return async (projectId, number) => {
    if (!Number.isInteger(number) || number < 1) return false;
    const index = IssueNumbers.blockIndexOf(number);
    const block = await once(blocks, `${projectId}\n${index}`, () =>
      store.numbers.block(workspaceId, projectId, index),
    );
    if (block) return block.userId === userId;
    const recorded = await once(legacy, projectId, () =>
      store.numbers.reservedBlocks(workspaceId, projectId, userId),
    );
    return recorded.some((b) => number >= b.start && number <= b.end);
  };
}
