import { z } from 'zod';

/**
 * What the server answers a first fill (replica-bootstrap.ts), parsed rather than trusted: an
 * answer of another shape (a proxy's error page, an older server) fails the fill, which is
 * resumed at the next open, instead of writing nonsense into the replica. Documents are only
 * checked for what the fill reads of them (id and revision); the domain's schema checks the rest
 * before the screens see them.
 */
const seq = z.union([z.string(), z.number()]);
const storedDoc = z.looseObject({ _id: z.string(), _rev: z.string() });

export const changesPageSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      deleted: z.boolean().optional(),
      changes: z.array(z.object({ rev: z.string() })).optional(),
      doc: storedDoc.optional(),
    }),
  ),
  last_seq: seq,
});
export type ChangesPage = z.infer<typeof changesPageSchema>;
export type ChangesRow = ChangesPage['results'][number];

/** A page of GET /api/workspaces/:ws/snapshot: the database's `_all_docs` of one type. */
export const snapshotPageSchema = z.object({
  rows: z.array(z.object({ id: z.string(), value: z.object({ rev: z.string() }), doc: storedDoc })),
});
export type SnapshotPage = z.infer<typeof snapshotPageSchema>;

export const databaseInfoSchema = z.looseObject({ update_seq: seq });

export const bulkGetSchema = z.object({
  results: z.array(z.object({ docs: z.array(z.looseObject({ ok: storedDoc.optional() })) })),
});

type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** GET (or `init`) `url` and parse its JSON with `schema`; a status ≥ 400 throws with it. */
export async function fetchParsed<S extends z.ZodType>(
  schema: S,
  fetchRemote: RemoteFetch,
  url: string,
  init?: RequestInit,
): Promise<z.output<S>> {
  const res = await fetchRemote(url, init);
  if (!res.ok) throw Object.assign(new Error(`${res.status} from ${url}`), { status: res.status });
  const parsed = schema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`Unexpected answer from ${url}: ${parsed.error.message}`);
  return parsed.data;
}
