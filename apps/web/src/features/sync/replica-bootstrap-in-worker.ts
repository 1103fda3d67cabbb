import type { BootstrapReport, BootstrapRequest } from './replica-bootstrap-messages.ts';

/**
 * Run the first sync of replica `name` in a dedicated worker (replica-bootstrap-worker.ts), calling
 * `onPage` with each page of documents as the worker saves it. Resolves like
 * `bootstrapReplica`: true when the replica was filled, false when it already held documents.
 * Rejects when the worker fails; whatever it saved stays, and replication fills in the rest.
 */
export function bootstrapInWorker(
  name: string,
  remoteUrl: string,
  onPage: (docs: readonly object[]) => void,
): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const worker = new Worker(new URL('./replica-bootstrap-worker.ts', import.meta.url), {
      type: 'module',
      name: 'keel-first-sync',
    });
    const finish = () => worker.terminate();
    worker.onmessage = ({ data }: MessageEvent<BootstrapReport>) => {
      if (data.kind === 'page') return onPage(data.docs);
      finish();
      if (data.kind === 'done') resolve(data.filled);
      else reject(Object.assign(new Error(data.message), { status: data.status }));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The first sync worker failed'));
    };
    const request: BootstrapRequest = { name, remoteUrl };
    worker.postMessage(request);
  });
}
