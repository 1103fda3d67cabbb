/**
 * A small HTTP/1.1 client for simulated devices: keep-alive connections of its own (like one
 * browser profile), an optional loopback source address (so sign-in limits per network address
 * see many addresses, as they would in the field), a cookie jar, and redirects followed by hand.
 */
import http from 'node:http';

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request that got no HTTP answer: a network error, a timeout, or an abort. */
export class NoReply extends Error {
  constructor(
    /** ECONNREFUSED, ECONNRESET, timeout, aborted, … */
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Give up after this long without the whole answer; none by default. */
  timeoutMs?: number;
  /** Give up when the connection is silent this long (a longpoll sends heartbeats). */
  idleMs?: number;
  /**
   * A 200 answer's body as it arrives (a stream that lasts): handed over chunk by chunk instead
   * of collected, and the reply's text is empty.
   */
  onData?: (chunk: Buffer) => void;
  /** Sent again already, after a kept-alive connection was found closed. */
  resent?: boolean;
}

export interface Target {
  /** Where to connect. */
  host: string;
  port: number;
  /** The origin Keel knows itself by (its PUBLIC_URL): Host and Origin headers. */
  origin: string;
}

/** Failures that mean the instance is gone (not that it answered with an error). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'timeout']);

export class HttpClient {
  readonly cookies = new Map<string, string>();
  readonly agent: http.Agent;
  /**
   * Other ports serving the same Keel (instances sharing a database): after a request finds
   * the instance unreachable, the next goes to the next port, as a client-side failover.
   */
  failover: number[] = [];

  constructor(
    public target: Target,
    options: { localAddress?: string; maxSockets?: number } = {},
  ) {
    this.agent = new http.Agent({
      keepAlive: true,
      // A browser opens up to six connections to one origin.
      maxSockets: options.maxSockets ?? 6,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
  }

  close() {
    this.agent.destroy();
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
    const headers: Record<string, string> = {
      host: new URL(this.target.origin).host,
      accept: 'application/json',
      ...options.headers,
    };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (!['GET', 'HEAD'].includes(method)) headers.origin ??= this.target.origin;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

    return new Promise<HttpReply>((resolve, reject) => {
      if (options.signal?.aborted) return reject(new NoReply('aborted', `${method} ${path}`));
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        options.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const port = this.target.port;
      const req = http.request({
        host: this.target.host,
        port,
        method,
        path,
        headers,
        agent: this.agent,
      });
      const fail = (kind: string) => () =>
        finish(() => {
          req.destroy();
          if (kind !== 'aborted') this.#unreachable(kind, port);
          reject(new NoReply(kind, `${method} ${path}: ${kind}`));
        });
      const onAbort = fail('aborted');
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const deadline = options.timeoutMs
        ? setTimeout(fail('timeout'), options.timeoutMs)
        : undefined;
      if (options.idleMs) req.setTimeout(options.idleMs, fail('timeout'));
      req.on('error', (err: NodeJS.ErrnoException) =>
        finish(() => {
          // A kept-alive connection the server closed as this request went out: the request
          // never reached it, and a browser sends it again on a new connection, once.
          if (req.reusedSocket && err.code === 'ECONNRESET' && !options.resent) {
            resolve(this.request(method, path, { ...options, resent: true }));
            return;
          }
          this.#unreachable(err.code ?? 'error', port);
          reject(new NoReply(err.code ?? 'error', `${method} ${path}: ${err.message}`));
        }),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        const { onData } = options;
        if (onData && res.statusCode === 200) res.on('data', (chunk: Buffer) => onData(chunk));
        else res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (err: NodeJS.ErrnoException) =>
          finish(() =>
            reject(new NoReply(err.code ?? 'error', `${method} ${path}: ${err.message}`)),
          ),
        );
        res.on('aborted', () =>
          finish(() => reject(new NoReply('ECONNRESET', `${method} ${path}: reply cut`))),
        );
        res.on('end', () =>
          finish(() => {
            this.#remember(res.headers['set-cookie'] ?? []);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          }),
        );
      });
      req.end(body);
    });
  }

  /** A request whose answer must be JSON with one of `ok` statuses; anything else throws. */
  async json<T>(method: string, path: string, options: RequestOptions = {}, ok = [200, 201]) {
    const reply = await this.request(method, path, options);
    if (!ok.includes(reply.status))
      throw new Error(`${method} ${path} → ${reply.status}: ${reply.text.slice(0, 300)}`);
    return JSON.parse(reply.text) as T;
  }

  /** Follow redirects like a browser (303 and 302 become GET); returns the last answer and path. */
  async follow(
    path: string,
    options: RequestOptions & { method?: string } = {},
  ): Promise<{ reply: HttpReply; path: string }> {
    let current = path;
    let reply = await this.request(options.method ?? 'GET', current, options);
    for (let hops = 0; hops < 20 && reply.status >= 300 && reply.status < 400; hops++) {
      const url = new URL(String(reply.headers.location), new URL(current, this.target.origin));
      current = url.pathname + url.search;
      reply = await this.request('GET', current, { timeoutMs: options.timeoutMs });
    }
    return { reply, path: current };
  }

  /** A request to `port` found it unreachable: move on, unless another request already did. */
  #unreachable(kind: string, port: number) {
    if (!this.failover.length || !UNREACHABLE.has(kind) || port !== this.target.port) return;
    const [next, ...rest] = this.failover;
    this.failover = [...rest, this.target.port];
    this.target = { ...this.target, port: next! };
  }

  #remember(lines: string[]) {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
