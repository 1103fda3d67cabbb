import { LIMITS } from '@keel/domain';
import type { AppStore } from './app-store.ts';
import { CouchConflict, type CouchDoc } from './couch-client.ts';
import { randomId } from './random-id.ts';

/** Before number blocks: the next issue number of a project. Still read, to carry on from it. */
export interface CounterDoc extends CouchDoc {
  type: 'counter';
  next: number;
}

/**
 * `numblock:<workspaceId>:<projectId>:<index>`: one block of a project's issue numbers, claimed
 * by creating it (`IssueNumbers.reserve`). Blocks are fixed slices of the numbers (index 0 is 1–20, 1
 * is 21–40, …), so two claims can only collide on the same document, never overlap.
 */
export interface NumberBlockDoc extends CouchDoc {
  type: 'numblock';
  userId: string;
  start: number;
  end: number;
  claimedAt: string;
  /**
   * Random, one per attempt to claim the block, so that no two claims are the same revision
   * (absent on blocks claimed before it was added). See `AppStore.create`.
   */
  claim?: string;
}

const BLOCK = LIMITS.issueNumbersPerBlock;
const blockPrefix = (workspaceId: string, projectId: string) =>
  `numblock:${workspaceId}:${projectId}:`;
// Zero-padded so the ids sort as the numbers do (the last block is one descending read away).
const blockId = (workspaceId: string, projectId: string, index: number) =>
  `${blockPrefix(workspaceId, projectId)}${String(index).padStart(9, '0')}`;
const blockRange = (index: number) => ({ start: index * BLOCK + 1, end: (index + 1) * BLOCK });

/**
 * A project's issue numbers, handed out to devices in blocks (SPEC: a number is never given
 * twice, and a device offline still numbers its new issues from a block it holds).
 */
export class IssueNumbers {
  constructor(private readonly store: AppStore) {}

  /**
   * A block for one device's request, the same block if the request is repeated (the browser
   * resends its request id when the answer was lost, e.g. the page reloaded mid-request), so a
   * reload never skips twenty numbers.
   */
  async reserveOnce(
    workspaceId: string,
    projectId: string,
    userId: string,
    requestId: string,
    count: number,
  ): Promise<{ start: number; end: number }> {
    const id = `numreq:${workspaceId}:${projectId}:${userId}:${requestId}`;
    const earlier = await this.store.get<CouchDoc & { start: number; end: number }>(id);
    if (earlier) return { start: earlier.start, end: earlier.end };
    const numbers = await this.reserve(workspaceId, projectId, userId, count);
    const block = { start: numbers[0]!, end: numbers.at(-1)! };
    // Not a claim that must settle: the same request through two nodes at once gets two blocks,
    // both recorded as the user's, and the device keeps whichever answer reaches it.
    try {
      await this.store.put({ _id: id, type: 'numreq', ...block });
      return block;
    } catch (err) {
      if (!(err instanceof CouchConflict)) throw err;
      const winner = await this.store.get<CouchDoc & { start: number; end: number }>(id);
      return winner ? { start: winner.start, end: winner.end } : block;
    }
  }

  /** Which block `number` of the project is in (blocks of BLOCK numbers from 1). */
  static blockIndexOf(number: number): number {
    return Math.floor((number - 1) / BLOCK);
  }

  /** The document of a block of the project's issue numbers, read by id; null if unclaimed. */
  block(workspaceId: string, projectId: string, index: number) {
    return this.store.get<NumberBlockDoc>(blockId(workspaceId, projectId, index));
  }

  /**
   * Every block of a project's issue numbers recorded for `userId` by reserveOnce: for
   * numbers handed out before blocks were documents of their own (a range read, long written).
   */
  async reservedBlocks(
    workspaceId: string,
    projectId: string,
    userId: string,
  ): Promise<{ start: number; end: number }[]> {
    const records = await this.store.withPrefix<CouchDoc & { start: number; end: number }>(
      `numreq:${workspaceId}:${projectId}:${userId}:`,
    );
    return records.map((r) => ({ start: r.start, end: r.end }));
  }

  /**
   * The next `count` issue numbers of a project for `userId`, in ascending order; safe with
   * several server instances on several nodes. Whole blocks are claimed (each a document of its
   * own, created, and kept only if its creation wins: `keeps`), so the numbers may skip the
   * rest of a block, or a block another instance won meanwhile, but no number is handed out twice.
   */
  async reserve(
    workspaceId: string,
    projectId: string,
    userId: string,
    count: number,
  ): Promise<number[]> {
    const won: number[] = [];
    let next = await this.firstFreeBlock(workspaceId, projectId);
    for (let round = 0; won.length * BLOCK < count; round++) {
      if (round >= 50) throw new Error(`Too much contention on the issue numbers of ${projectId}`);
      const wanted = Math.ceil(count / BLOCK) - won.length;
      const indexes = Array.from({ length: wanted }, (_, i) => next + i);
      next += wanted;
      const claimedAt = new Date().toISOString();
      const results = await this.store.couch.bulkDocs(
        this.store.db,
        indexes.map((index): NumberBlockDoc => ({
          _id: blockId(workspaceId, projectId, index),
          type: 'numblock',
          userId,
          ...blockRange(index),
          claimedAt,
          claim: randomId(),
        })),
      );
      const written = results.flatMap((r, i) =>
        r.ok && r.rev ? [{ index: indexes[i]!, id: r.id, rev: r.rev }] : [],
      );
      // Others are claiming too: start again after every block claimed by now, rather than
      // one by one behind them (with 20 devices at once, a device could lose 50 rounds so).
      const jumpAhead = async () => {
        next = Math.max(next, await this.firstFreeBlock(workspaceId, projectId));
      };
      if (written.length === 0) {
        await jumpAhead();
        continue;
      }
      const kept = await this.store.keepsAll(written);
      written.forEach((w, i) => {
        if (kept[i]) won.push(w.index);
      });
      const lost = kept.filter(Boolean).length < indexes.length;
      if (lost) await jumpAhead();
    }
    return won
      .sort((a, b) => a - b)
      .flatMap((index) => {
        const { start } = blockRange(index);
        return Array.from({ length: BLOCK }, (_, i) => start + i);
      })
      .slice(0, count);
  }

  /**
   * Where to start claiming blocks: after the last block claimed (a range read: one just
   * claimed through another node may be missing, and creating it again then simply fails), or,
   * in a project numbered before blocks, after the old counter.
   */
  private async firstFreeBlock(workspaceId: string, projectId: string): Promise<number> {
    const prefix = blockPrefix(workspaceId, projectId);
    const [last, counter] = await Promise.all([
      this.store.couch.allDocs<NumberBlockDoc>(this.store.db, {
        startkey: `${prefix}\ufff0`,
        endkey: prefix,
        descending: true,
        limit: 1,
      }),
      this.store.get<CounterDoc>(`counter:${workspaceId}:${projectId}`),
    ]);
    const lastId = last[0]?.id;
    if (lastId) return Number(lastId.slice(prefix.length)) + 1;
    return Math.ceil(((counter?.next ?? 1) - 1) / BLOCK);
  }
}
