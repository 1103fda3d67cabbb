import { z } from 'zod';

/**
 * What a replication request body may be, checked before anything goes upstream: JSON objects
 * only, not nested deeper than any replication message is (deep nesting would overflow the
 * stack of JSON.stringify on the way to the database), and checkpoints in PouchDB's own shape.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of `[` and `{` in JSON text, stopping as soon as it exceeds `limit`. */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A CouchDB cluster's update sequence packs one position per shard into an opaque string:
 * ~420 characters at q=16 and ~1,250 at q=64. The limit leaves room for more shards than any
 * real cluster has, and still bounds a checkpoint (20 history entries) well under 1 MB.
 */
export const MAX_SEQ_LENGTH = 8_000;

const seq = z.union([z.string().max(MAX_SEQ_LENGTH), z.number().int().min(0)]);

/** A replication checkpoint (`_local/…`) as PouchDB writes it (pouchdb-checkpointer). */
export const checkpointSchema = z.strictObject({
  _id: z.string().max(220).optional(),
  _rev: z
    .string()
    .regex(/^[0-9]{1,9}-[0-9a-z]{1,64}$/)
    .optional(),
  session_id: z.string().max(200),
  history: z.array(z.strictObject({ last_seq: seq, session_id: z.string().max(200) })).max(20),
  replicator: z.string().max(50),
  version: z.number().int().min(0).max(100),
  last_seq: seq.optional(),
});
