import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb, type EmbeddedDb } from './embedded-db.ts';

const quietLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

describe('the embedded database', () => {
  let dir: string;
  let db: EmbeddedDb;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-embedded-db-'));
    db = await startEmbeddedDb(dir, quietLog);
  });

  afterAll(async () => {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Keel's HTTP client reuses an idle connection for up to a second less than the database says
  // it keeps one (Keep-Alive: timeout=…). Under load both event loops run seconds late, so with
  // Node's 5 s the database closed connections Keel was sending on ("other side closed": 503s in
  // `npm run loadtest`); a connection idle for longer than that must still be served.
  it('keeps an idle connection open well past five seconds', async () => {
    const auth = Buffer.from(`${db.user}:${db.password}`).toString('base64');
    const request = `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic ${auth}\r\n\r\n`;
    const socket = net.connect(Number(new URL(db.url).port), '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => (closed = true));
    const answers = async (n: number) => {
      while ((received.match(/HTTP\/1\.1 200/g) ?? []).length < n && !closed)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    socket.write(request);
    await answers(1);
    expect(received).toMatch(/keep-alive: timeout=(\d+)/i);
    expect(Number(/keep-alive: timeout=(\d+)/i.exec(received)![1])).toBeGreaterThanOrEqual(60);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closed).toBe(false);
    socket.write(request);
    await answers(2);
    expect((received.match(/HTTP\/1\.1 200/g) ?? []).length).toBe(2);
    socket.destroy();
  });
});
