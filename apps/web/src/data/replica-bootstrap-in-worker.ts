import { FILL_ENDED, type FillHooks, type FillResult } from './replica-bootstrap.ts';
import type { FillReport, FillRequest } from './replica-bootstrap-messages.ts';
import type { WriteResult } from './replica-types.ts';

/**
 * A replica fill (replica-bootstrap.ts) run in a dedicated worker (replica-bootstrap-worker.ts),
 * with the same face as `ReplicaFill`: `run` resolves when it is done, and the page's writes
 * meanwhile are sent to the worker, the replica's only writer until then. If the worker fails,
 * whatever it saved stays, and the next open resumes the fill.
 */
// Not known to be written: the page makes such a write itself once the fill has ended.
const ended = () => new DOMException('The first sync has ended', FILL_ENDED);

export class WorkerFill {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (results: WriteResult[]) => void; reject: (error: unknown) => void }
  >();
  private nextId = 0;
  private ended = false;
  private stop: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly remoteUrl: string,
    private readonly hooks: FillHooks,
  ) {
    this.worker = new Worker(new URL('./replica-bootstrap-worker.ts', import.meta.url), {
      type: 'module',
      name: 'keel-first-sync',
    });
  }

  run(): Promise<FillResult | null> {
    return new Promise<FillResult | null>((resolve, reject) => {
      const end = (error: Error | null, result: FillResult | null = null) => {
        if (this.ended) return;
        this.ended = true;
        this.worker.terminate();
        for (const write of this.waiting.values()) write.reject(ended());
        this.waiting.clear();
        if (error) reject(error);
        else resolve(result);
      };
      this.worker.onmessage = ({ data }: MessageEvent<FillReport>) => {
        switch (data.kind) {
          case 'docs':
            return this.hooks.onDocs(data.docs, data.deleted);
          case 'main-read':
            return void Promise.resolve(this.hooks.onMainRead?.()).catch(() => undefined);
          case 'caught-up':
            return void Promise.resolve()
              .then(() => this.hooks.onCaughtUp())
              .catch(() => undefined)
              .then(() => this.post({ kind: 'go-on' }));
          case 'filled':
            return void Promise.resolve()
              .then(() => this.hooks.onFilled?.(data.result))
              .catch(() => undefined)
              .then(() => this.post({ kind: 'finish' }));
          case 'live':
            return this.hooks.onLive?.(data.reachable, data.status);
          case 'written':
            this.waiting.get(data.id)?.resolve(data.results);
            this.waiting.delete(data.id);
            return;
          case 'write-failed':
            // The page tells a full disk apart by its DOMException name (STORAGE_FULL).
            this.waiting.get(data.id)?.reject(new DOMException(data.message, data.name));
            this.waiting.delete(data.id);
            return;
          case 'done':
            return end(null, data.result);
          case 'failed':
            return end(Object.assign(new Error(data.message), { status: data.status }));
        }
      };
      this.worker.onerror = (event) =>
        end(new Error(event.message || 'The first sync worker failed'));
      this.stop = () => end(new Error('The first sync was stopped'));
      this.post({ kind: 'start', name: this.name, remoteUrl: this.remoteUrl });
    });
  }

  /** Stop (the page is closing): whatever was written stays, and the next open resumes. */
  cancel(): void {
    if (this.stop) this.stop();
    else this.worker.terminate();
  }

  write(docs: readonly object[]): Promise<WriteResult[]> {
    return this.ask((id) => ({ kind: 'write', id, docs: [...docs] }));
  }

  async writeLocal(key: string, value: object): Promise<void> {
    await this.ask((id) => ({ kind: 'write-local', id, key, value }));
  }

  private ask(request: (id: number) => FillRequest): Promise<WriteResult[]> {
    if (this.ended) return Promise.reject(ended());
    const id = ++this.nextId;
    return new Promise<WriteResult[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post(request(id));
    });
  }

  private post(request: FillRequest): void {
    this.worker.postMessage(request);
  }
}
