import type { WorkspaceDoc } from '@keel/domain';
import type { AppStore } from '../../db/app-store.ts';

/**
 * Issue numbers come from blocks the server hands out (`POST …/numbers`), so two devices never
 * pick the same one. A new issue is accepted only with a number from a block reserved by its
 * writer for its project; otherwise a modified client could take a number someone else holds,
 * or one far ahead, and two issues would share a key.
 */
export type ReservedBlocks = (projectId: string) => Promise<{ start: number; end: number }[]>;

export const NUMBER_NOT_RESERVED = 'This issue number was not reserved for you in this project';

/** The writer's blocks per project, read once per batch and project. */
export function reservedBlocksOf(
  store: AppStore,
  workspaceId: string,
  userId: string,
): ReservedBlocks {
  const cache = new Map<string, Promise<{ start: number; end: number }[]>>();
  return (projectId) => {
    let blocks = cache.get(projectId);
    if (!blocks) {
      blocks = store.reservedBlocks(workspaceId, projectId, userId);
      cache.set(projectId, blocks);
    }
    return blocks;
  };
}

/** Why a new issue's number is refused, or null (edits keep their number: document-rules). */
export async function issueNumberProblem(
  doc: WorkspaceDoc,
  existing: WorkspaceDoc | null,
  reserved: ReservedBlocks,
): Promise<{ code: 'VALIDATION_FAILED'; path: string; message: string } | null> {
  if (doc.type !== 'issue' || existing) return null;
  const blocks = await reserved(doc.projectId);
  if (blocks.some((b) => doc.number >= b.start && doc.number <= b.end)) return null;
  return { code: 'VALIDATION_FAILED', path: 'number', message: NUMBER_NOT_RESERVED };
}
