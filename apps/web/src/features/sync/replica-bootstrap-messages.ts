/** What the page and the bootstrap worker (replica-bootstrap-worker.ts) say to each other. */

export interface BootstrapRequest {
  /** The replica's PouchDB name. */
  name: string;
  remoteUrl: string;
}

export type BootstrapReport =
  /** One page of the server's documents, already saved on the device. */
  | { kind: 'page'; docs: object[] }
  /** Finished; `filled` is false when the replica already held documents (nothing done). */
  | { kind: 'done'; filled: boolean }
  | { kind: 'failed'; message: string; status: number | null };
