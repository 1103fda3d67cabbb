// Beside the cross tests (tsconfig.cross.json): it reads the web app's replica code.
import type { DocsDb, VersionsDb } from '../../../web/src/data/replica-docs.ts';
import { pouchNode, type Replication } from './pouch-node.ts';

/**
 * What the cross tests that stand in for a device use of its replica (a LevelDB PouchDB): its
 * documents and their versions as the browser's sync code reads them, and replication.
 */
export interface DeviceDb extends DocsDb, VersionsDb {
  put(doc: object): Promise<{ rev: string }>;
  get<T = Record<string, unknown>>(
    id: string,
    options?: { conflicts?: boolean; revs?: boolean; rev?: string },
  ): Promise<T & { _id: string; _rev: string; _conflicts?: string[] }>;
  allDocs(options: { include_docs: true }): Promise<{ rows: { id: string; doc?: object }[] }>;
  allDocs(options: { keys: string[]; include_docs: true }): ReturnType<DocsDb['allDocs']>;
  replicate: {
    from(remote: DeviceDb, options?: object): Replication<{ doc_write_failures: number }>;
    to(remote: DeviceDb, options?: object): Replication<{ doc_write_failures: number }>;
  };
}

export const DevicePouch = pouchNode<DeviceDb>();
