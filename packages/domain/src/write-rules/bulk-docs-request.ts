import { z } from 'zod';

export const DOCS_NOT_A_LIST = 'docs must be a list of documents';

/**
 * The envelope of CouchDB's `POST /{db}/_bulk_docs`, as PouchDB sends it: the documents, each
 * checked by the write rules one by one, and whether they are new edits or replicated revisions.
 */
export const bulkDocsRequestSchema = z.object(
  {
    docs: z.array(z.unknown(), { error: DOCS_NOT_A_LIST }),
    new_edits: z.boolean().optional(),
  },
  { error: DOCS_NOT_A_LIST },
);

export type BulkDocsRequest = z.infer<typeof bulkDocsRequestSchema>;
