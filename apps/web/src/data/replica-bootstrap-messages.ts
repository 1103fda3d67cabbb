import type { WorkspaceDoc } from '@keel/domain';
import type { FillResult } from './replica-bootstrap.ts';
import type { WriteResult } from './replica-types.ts';

/** What the page and the fill worker (replica-bootstrap-worker.ts) say to each other. */

export type FillRequest =
  /** Fill replica `name` (its PouchDB name) from the server at `remoteUrl`. */
  | { kind: 'start'; name: string; remoteUrl: string }
  /** A write of the page's while the fill owns the replica; answered by `written`. */
  | { kind: 'write'; id: number; docs: object[] }
  /** A `_local` record (the push mark); answered by `written` with no results. */
  | { kind: 'write-local'; id: number; key: string; value: object }
  /** The answer to `caught-up`: the page has saved what it needed to; documents may follow. */
  | { kind: 'go-on' }
  /** The answer to `filled`: the page has saved what its next open needs. */
  | { kind: 'finish' };

export type FillReport =
  /** Documents (checked against the schema) and deletions fetched, not yet written. */
  | { kind: 'docs'; docs: WorkspaceDoc[]; deleted: string[] }
  /** The lists' documents have all been in `docs` reports (a fresh fill). */
  | { kind: 'main-read' }
  /** Every document the server had is in the `docs` reports so far. */
  | { kind: 'caught-up' }
  /** Everything is written; answered by `finish` once the page has saved (FillHooks.onFilled). */
  | { kind: 'filled'; result: FillResult }
  /** Following the server's feed live: whether it answers. */
  | { kind: 'live'; reachable: boolean; status: number | null }
  | { kind: 'written'; id: number; results: WriteResult[] }
  | { kind: 'write-failed'; id: number; name: string; message: string }
  /** Finished; `result` is null when the replica needed no fill (nothing done). */
  | { kind: 'done'; result: FillResult | null }
  | { kind: 'failed'; message: string; status: number | null };
