import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, NoReply } from './http-client.ts';

/** A port nothing listens on: one a server had, closed again. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('HttpClient failover', () => {
  let server: http.Server;
  let up: number;

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('{"ok":true}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    up = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('moves to the next instance once, however many requests found this one gone', async () => {
    const down = await closedPort();
    const client = new HttpClient({ host: '127.0.0.1', port: down, origin: 'http://keel.test' });
    client.failover = [up];
    // A pull and a push failing together must not move there and back again.
    const failures = await Promise.allSettled([
      client.request('GET', '/pull'),
      client.request('GET', '/push'),
    ]);
    expect(failures.every((f) => f.status === 'rejected' && f.reason instanceof NoReply)).toBe(
      true,
    );
    expect(client.target.port).toBe(up);
    expect(client.failover).toEqual([down]);
    expect((await client.request('GET', '/')).status).toBe(200);
    client.close();
  });

  it('stays put without other instances', async () => {
    const down = await closedPort();
    const alone = new HttpClient({ host: '127.0.0.1', port: down, origin: 'http://keel.test' });
    await expect(alone.request('GET', '/')).rejects.toThrow(NoReply);
    expect(alone.target.port).toBe(down);
    alone.close();
  });
});

describe('HttpClient on a kept-alive connection the server closed', () => {
  it('sends the request again on a new connection, once, as a browser does', async () => {
    // The second request on a connection finds it closed, as when the server's keep-alive
    // timeout ends just as the client reuses it.
    const served = new WeakMap<object, number>();
    let connections = 0;
    const server = http.createServer((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      if (n > 1) return req.socket.destroy();
      res.end('{"ok":true}');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new HttpClient({ host: '127.0.0.1', port, origin: 'http://keel.test' });
    expect((await client.request('GET', '/first')).status).toBe(200);
    expect((await client.request('PUT', '/second', { json: {} })).status).toBe(200);
    expect(connections).toBe(2);
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
