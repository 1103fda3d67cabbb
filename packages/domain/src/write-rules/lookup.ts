import type { WorkspaceDoc } from '../documents.ts';
import type { CatalogDoc, CatalogType, WorkspaceLookup } from './types.ts';

/** A lookup over documents already in hand (the importer's, a test's). */
export function lookupOfDocs(docs: Iterable<WorkspaceDoc>): WorkspaceLookup {
  const byId = new Map<string, WorkspaceDoc>();
  for (const doc of docs) byId.set(doc._id, doc);
  return {
    get: (id) => byId.get(id),
    all: <T extends CatalogType>(type: T) =>
      [...byId.values()].filter((d): d is CatalogDoc<T> => d.type === type),
  };
}
