import type { FileUploader, FileUploaderDeps } from './file-uploader.ts';

/**
 * A workspace session's files (SPEC §11): the uploader and its queue load after the first screen
 * (a chunk of their own, not in the initial script), then send what an earlier page left waiting.
 */
export class SessionFiles {
  private readonly uploader: Promise<FileUploader>;
  private stop: (() => void) | null = null;
  private closed = false;

  constructor(deps: FileUploaderDeps) {
    this.uploader = import('./file-uploader.ts').then(({ FileUploader }) => {
      const uploader = new FileUploader(deps);
      if (!this.closed) this.stop = uploader.start();
      return uploader;
    });
  }

  /** Keep `file` on the device for `issueId` and start sending it; its id and address. */
  async add(file: File, issueId: string): Promise<{ id: string; url: string }> {
    return (await this.uploader).add(file, issueId);
  }

  close(): void {
    this.closed = true;
    this.stop?.();
  }
}
