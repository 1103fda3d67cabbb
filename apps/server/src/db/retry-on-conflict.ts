import { CouchConflict } from './couch-client.ts';

/**
 * Run a read-modify-write until it lands without a conflict, so several server instances can
 * share a document. `attempt` reads afresh each time. After `times` conflicts in a row it fails
 * loudly (a 500 with a reference, and a log line) rather than returning as if it had written:
 * the caller's request then says it did not work, and repeating it repairs the document.
 */
export async function retryOnConflict<T>(
  what: string,
  times: number,
  attempt: () => Promise<T>,
): Promise<T> {
  for (let tried = 0; tried < times; tried++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof CouchConflict)) throw err;
    }
  }
  throw new Error(`Too much contention on ${what}: ${times} conflicting writes in a row`);
}
