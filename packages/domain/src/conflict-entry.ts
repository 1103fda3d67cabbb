import type { ConflictDoc } from './documents.ts';
import { docId } from './ids.ts';
import type { LostValue } from './issue-merge.ts';

/**
 * The conflict entries a merge writes (documents.ts `conflict`). Two devices that merge the same
 * versions must write the same records, or their records would collide: the id is a hash of the
 * content, and the times are the edits' own, never the moment of the merge.
 */
export function conflictEntries(
  issueId: string,
  commentId: string | null,
  lost: readonly LostValue[],
  /** When an edit carries no time of its own (written before edit times existed). */
  fallbackTime: string,
): ConflictDoc[] {
  return lost.map((entry) => {
    const times = [entry.lost.at, entry.kept.at].filter((t): t is string => t !== null);
    const at = times.length ? times.reduce((a, b) => (a > b ? a : b)) : fallbackTime;
    const content = { issueId, commentId, field: entry.field, lost: entry.lost, kept: entry.kept };
    return {
      _id: docId('conflict', contentHash(JSON.stringify(content))),
      type: 'conflict',
      ...content,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/**
 * 106 bits of a non-cryptographic hash (cyrb53 with two seeds) as 28 hex digits: enough that
 * two different entries never share an id, and synchronous, unlike Web Crypto's digests.
 */
export function contentHash(text: string): string {
  return cyrb53(text, 0x4b45454c) + cyrb53(text, 0x6d657267);
}

function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
