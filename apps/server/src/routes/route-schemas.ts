import { z } from 'zod';

/**
 * Pieces of route schemas (fastify-type-provider-zod): the bodies and responses themselves are
 * the domain's schemas.
 */

/** A JSON body: none at all reads as `{}`, so each missing field is named in the answer. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  z.preprocess((body) => body ?? {}, schema);

export const wsParams = z.object({ ws: z.string() });

/** An answer with no body. */
export const noContent = z.undefined();
