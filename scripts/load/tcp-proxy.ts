/**
 * A TCP relay standing for a client's network: devices connect through it to a Keel instance,
 * and the fault script cuts it (every connection reset, new ones refused, as when a laptop
 * drops off the network) and restores it.
 */
import net from 'node:net';

export class TcpProxy {
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | null = null;

  constructor(
    readonly port: number,
    readonly to: { host: string; port: number },
  ) {}

  get up() {
    return this.#server !== null;
  }

  async listen(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.to);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.#sockets.add(a);
        a.pipe(b);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.#sockets.delete(a);
          b.destroy();
        });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.#server = server;
  }

  /** Cut the network: reset every connection and refuse new ones until `listen` again. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const socket of this.#sockets) socket.resetAndDestroy();
    await closed;
  }
}
