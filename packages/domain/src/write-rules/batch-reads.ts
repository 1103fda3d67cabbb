import { idOf } from './admission.ts';
import { WRITE_RULES } from './rules.ts';
import type { CatalogType, SentDoc, WriteRule } from './types.ts';
import type { WorkspaceDoc } from '../documents.ts';

/** Everything the write rules will read of the workspace for one batch. */
export interface BatchReads {
  ids: Set<string>;
  ancestorsOf: Set<string>;
  lists: Set<CatalogType>;
  numbers: { projectId: string; number: number }[];
}

/**
 * What `rules` will read to check `docs` (as sent), from each rule's own `reads`: the server
 * fetches exactly this before it runs them, so a new rule says what it needs where it is written.
 */
export function readsOfBatch(
  docs: readonly unknown[],
  stored: (id: string) => WorkspaceDoc | undefined,
  rules: readonly WriteRule[] = WRITE_RULES,
): BatchReads {
  const reads: BatchReads = {
    ids: new Set(),
    ancestorsOf: new Set(),
    lists: new Set(),
    numbers: [],
  };
  for (const raw of docs) {
    if (typeof raw !== 'object' || raw === null) continue;
    const existing = stored(idOf(raw));
    for (const rule of rules) {
      const read = rule.reads?.(raw as SentDoc, existing);
      if (!read) continue;
      for (const id of read.ids ?? []) reads.ids.add(id);
      for (const id of read.ancestorsOf ?? []) reads.ancestorsOf.add(id);
      for (const list of read.lists ?? []) reads.lists.add(list);
      reads.numbers.push(...(read.numbers ?? []));
    }
  }
  return reads;
}
