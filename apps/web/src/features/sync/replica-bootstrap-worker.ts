/// <reference lib="webworker" />
import PouchDB from 'pouchdb-browser';
import IndexeddbAdapter from 'pouchdb-adapter-indexeddb';
import type { BootstrapReport, BootstrapRequest } from './replica-bootstrap-messages.ts';
import { bootstrapReplica } from './replica-bootstrap.ts';

/**
 * Fills an empty replica off the page's thread. Saving a workspace's documents in IndexedDB is
 * most of a first sync's work (the structured clone and the `put` of each document), and here it
 * runs beside the page's parsing and rendering instead of between them. The worker closes the
 * database before it reports that it is done, so the page's own handle reopens it and reads the
 * sequence the bootstrap left (the adapter keeps that counter in memory per open handle).
 */
PouchDB.plugin(IndexeddbAdapter);

declare const self: DedicatedWorkerGlobalScope;

const report = (message: BootstrapReport) => self.postMessage(message);

// The session cookie is HttpOnly; a worker's fetch attaches it when asked to include credentials.
const remoteFetch = (url: string, init?: RequestInit) =>
  fetch(url, { ...init, credentials: 'include' });

self.onmessage = async ({ data }: MessageEvent<BootstrapRequest>) => {
  const db = new PouchDB<object>(data.name, { auto_compaction: true, adapter: 'indexeddb' });
  try {
    const filled = await bootstrapReplica(db, data.remoteUrl, remoteFetch, (docs) =>
      report({ kind: 'page', docs: docs as object[] }),
    );
    await db.close();
    report({ kind: 'done', filled });
  } catch (error) {
    await db.close().catch(() => undefined);
    const { message, status } = error as { message?: unknown; status?: unknown };
    report({
      kind: 'failed',
      message: String(message ?? error),
      status: typeof status === 'number' ? status : null,
    });
  }
};
