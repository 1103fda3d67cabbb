import { errorMessage, newAttachmentId, type ErrorCode } from '@keel/domain';
import type { OnlineStatus } from '../../shared/lib/online-status.ts';
import { parseProblem } from '../../shared/lib/problem.ts';
import { FILES_CACHE, fileUrl } from './file-url.ts';
import { UploadQueue, type QueuedFile } from './upload-queue.ts';

/** Refusals that sending again cannot change: the file is dropped and the person told why. */
const FINAL: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'QUOTA_EXCEEDED',
  'FORBIDDEN',
  'NOT_FOUND',
];
const RETRY_MS = 30_000;

export interface FileUploaderDeps {
  userId: string;
  slug: string;
  online: OnlineStatus;
  /** How many files wait on this device: the sync indicator counts them with changes. */
  setWaiting: (count: number) => void;
  /** A file the server refused for good (too large, not a kind Keel keeps, no room left). */
  onRefused: (name: string, message: string) => void;
  /** The session ended: sending stops until the person signs in again. */
  onUnauthorized: () => void;
}

/**
 * Files pasted or dropped into an issue (SPEC §11). Each is kept on the device first (the upload
 * queue, and the files cache so it shows at once, offline too), named in the text by the id it
 * will have, then sent to `PUT /files/:ws/:id` whenever the device is online, oldest first; a
 * file that cannot be sent now (offline, the server unavailable) waits and is sent again when
 * the connection returns, after a reload too.
 */
export class FileUploader {
  private readonly queue = new UploadQueue();
  private readonly owner: string;
  private sending = false;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: FileUploaderDeps) {
    this.owner = `${deps.userId} ${deps.slug}`;
  }

  /** Send what an earlier page left waiting; keep sending as the connection comes and goes. */
  start(): () => void {
    const unsubscribe = this.deps.online.subscribe((online) => {
      if (online) void this.send();
    });
    void this.send();
    return () => {
      this.closed = true;
      unsubscribe();
      if (this.retry) clearTimeout(this.retry);
      this.queue.close();
    };
  }

  /** Keep `file` on the device for `issueId` and start sending it; its id and address. */
  async add(file: File, issueId: string): Promise<{ id: string; url: string }> {
    const id = newAttachmentId(this.deps.userId);
    const url = fileUrl(this.deps.slug, id);
    await this.queue.add({
      id,
      owner: this.owner,
      slug: this.deps.slug,
      issueId,
      name: file.name || 'file',
      type: file.type,
      blob: file,
      queuedAt: new Date().toISOString(),
    });
    await keepForOffline(url, file);
    void this.send();
    return { id, url };
  }

  private async send(): Promise<void> {
    if (this.sending || this.closed) return;
    this.sending = true;
    try {
      const waiting = await this.queue.list(this.owner);
      this.deps.setWaiting(waiting.length);
      for (const file of waiting) {
        if (this.closed || !this.deps.online.isOnline()) break;
        const outcome = await this.upload(file);
        if (outcome === 'later') {
          this.sendLater();
          break;
        }
        await this.queue.remove(file.id);
        this.deps.setWaiting((await this.queue.list(this.owner)).length);
      }
    } catch {
      this.sendLater();
    } finally {
      this.sending = false;
    }
    // Added while this pass ran: sent now rather than at the next retry.
    const left = await this.queue.list(this.owner).catch(() => []);
    if (!this.closed && left.length && !this.retry && this.deps.online.isOnline()) void this.send();
  }

  private async upload(file: QueuedFile): Promise<'done' | 'later'> {
    const query = new URLSearchParams({ issueId: file.issueId, name: file.name });
    let res: Response;
    try {
      res = await fetch(`${fileUrl(file.slug, file.id)}?${query}`, {
        method: 'PUT',
        body: file.blob,
        headers: { 'content-type': file.type || 'application/octet-stream' },
        credentials: 'same-origin',
      });
    } catch {
      return 'later';
    }
    if (res.ok) return 'done';
    const problem = parseProblem(await res.json().catch(() => null));
    if (res.status === 401) {
      this.deps.onUnauthorized();
      return 'later';
    }
    if (problem && FINAL.includes(problem.code)) {
      const why = problem.errors[0]?.message ?? errorMessage(problem.code);
      this.deps.onRefused(file.name, why);
      await forgetOffline(fileUrl(file.slug, file.id));
      return 'done';
    }
    return 'later';
  }

  private sendLater(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.send();
    }, RETRY_MS);
  }
}

/**
 * The headers a kept file is served with from the cache: as the server would serve it (never
 * run): a picture as itself, anything else as a download of unknown bytes. What it really is, the
 * server decides once it has it.
 */
function offlineHeaders(file: File): Record<string, string> {
  const picture = /^image\/(png|jpeg|gif|webp|avif)$/.test(file.type);
  return {
    'content-type': picture ? file.type : 'application/octet-stream',
    'content-disposition': `${picture ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'content-security-policy': "default-src 'none'; sandbox",
    'x-content-type-options': 'nosniff',
  };
}

/**
 * A workspace this device's person lost: its files kept for offline and those waiting to be
 * uploaded go with its replica (the server would refuse them now anyway).
 */
export async function forgetWorkspaceFiles(userId: string, slug: string): Promise<void> {
  const queue = new UploadQueue();
  await queue.removeAll(`${userId} ${slug}`).catch(() => undefined);
  queue.close();
  if (!('caches' in window)) return;
  const cache = await caches.open(FILES_CACHE).catch(() => null);
  if (!cache) return;
  const prefix = `${location.origin}${fileUrl(slug, '')}`;
  for (const request of await cache.keys())
    if (request.url.startsWith(prefix)) await cache.delete(request);
}

async function keepForOffline(url: string, file: File): Promise<void> {
  if (!('caches' in window)) return;
  const headers = offlineHeaders(file);
  await caches
    .open(FILES_CACHE)
    .then((cache) => cache.put(url, new Response(file, { headers })))
    .catch(() => undefined);
}

async function forgetOffline(url: string): Promise<void> {
  if (!('caches' in window)) return;
  await caches
    .open(FILES_CACHE)
    .then((cache) => cache.delete(url))
    .catch(() => undefined);
}
