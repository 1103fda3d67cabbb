/// <reference lib="webworker" />
import PouchDB from 'pouchdb-browser';
import IndexeddbAdapter from 'pouchdb-adapter-indexeddb';
import type { FillReport, FillRequest } from './replica-bootstrap-messages.ts';
import { ReplicaFill } from './replica-bootstrap.ts';
import type { BootstrapDb } from './replica-fill-mark.ts';
import { allowOpeningAfterClockWentBack } from './replica-clock-guard.ts';

/**
 * Fills a replica off the page's thread (replica-bootstrap.ts). Saving a workspace's documents in
 * IndexedDB is most of a first sync's work (the structured clone and the `put` of each document),
 * and here it runs beside the page's rendering instead of between its frames. While it runs, the
 * page sends its own writes here, so the documents they update are written first.
 */
PouchDB.plugin(IndexeddbAdapter);

declare const self: DedicatedWorkerGlobalScope;

const report = (message: FillReport) => self.postMessage(message);

// The session cookie is HttpOnly; a worker's fetch attaches it when asked to include credentials.
const remoteFetch = (url: string, init?: RequestInit) =>
  fetch(url, { ...init, credentials: 'include' });

// About 10 ms of the page's time to receive and file at once.
const POST_SLICE = 500;

let fill: ReplicaFill | null = null;
let answerCaughtUp: () => void = () => undefined;
let answerFilled: () => void = () => undefined;

async function start(name: string, remoteUrl: string): Promise<void> {
  await allowOpeningAfterClockWentBack(name);
  const db = new PouchDB<object>(name, { auto_compaction: true, adapter: 'indexeddb' });
  try {
    fill = new ReplicaFill(db as unknown as BootstrapDb, remoteUrl, remoteFetch, {
      onDocs: (docs, deleted) => {
        // In slices, so the page files each between its frames.
        for (let i = 0; i < docs.length; i += POST_SLICE)
          report({ kind: 'docs', docs: docs.slice(i, i + POST_SLICE), deleted: [] });
        if (deleted.length) report({ kind: 'docs', docs: [], deleted: [...deleted] });
      },
      onMainRead: () => report({ kind: 'main-read' }),
      onCaughtUp: () =>
        new Promise<void>((resolve) => {
          answerCaughtUp = resolve;
          report({ kind: 'caught-up' });
        }),
      onLive: (reachable, status = null) => report({ kind: 'live', reachable, status }),
      onFilled: (result) =>
        new Promise<void>((resolve) => {
          answerFilled = resolve;
          report({ kind: 'filled', result });
        }),
    });
    const result = await fill.run();
    await db.close();
    report({ kind: 'done', result });
  } catch (error) {
    await db.close().catch(() => undefined);
    const { message, status } = error as { message?: unknown; status?: unknown };
    report({
      kind: 'failed',
      message: String(message ?? error),
      status: typeof status === 'number' ? status : null,
    });
  }
}

self.onmessage = ({ data }: MessageEvent<FillRequest>) => {
  if (data.kind === 'start') return void start(data.name, data.remoteUrl);
  if (data.kind === 'go-on') return answerCaughtUp();
  if (data.kind === 'finish') return answerFilled();
  const { id } = data;
  if (!fill) return report({ kind: 'write-failed', id, name: 'closed', message: 'No fill runs' });
  const done =
    data.kind === 'write'
      ? fill.write(data.docs)
      : fill.writeLocal(data.key, data.value).then(() => []);
  done.then(
    (results) => report({ kind: 'written', id, results }),
    (error: unknown) => {
      const { name, message } = error as { name?: unknown; message?: unknown };
      report({
        kind: 'write-failed',
        id,
        name: String(name ?? 'error'),
        message: String(message ?? error),
      });
    },
  );
};
