import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver was sent. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on loopback, the only place tests send deliveries to (SPEC §11). It
 * answers each request with the next of `answers` (then 200), and keeps what it was sent.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly answers: { status: number; body?: string; headers?: Record<string, string> }[] =
    [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const path = req.url ?? '/';
      const answer = this.onPath.get(path)?.shift() ??
        this.answers.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  private readonly onPath = new Map<
    string,
    { status: number; body?: string; headers?: Record<string, string> }[]
  >();

  /**
   * The next requests to `path` only are answered so, in order: a test's own endpoint, which a
   * late delivery of another test's cannot take the answer of.
   */
  answerOn(
    path: string,
    ...answers: { status: number; body?: string; headers?: Record<string, string> }[]
  ) {
    this.onPath.set(path, [...(this.onPath.get(path) ?? []), ...answers]);
  }

  /** The next requests are answered so, in order. */
  answerNext(...answers: { status: number; body?: string; headers?: Record<string, string> }[]) {
    this.answers.push(...answers);
  }

  /** Wait until `count` requests have arrived (or fail after `ms`). */
  async waitFor(count: number, ms = 10_000): Promise<Received[]> {
    const until = Date.now() + ms;
    while (this.received.length < count) {
      if (Date.now() > until)
        throw new Error(`receiver got ${this.received.length} of ${count} deliveries`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.received;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
