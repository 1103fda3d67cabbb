import { PassThrough, type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ShuttingDown } from '../../workspaces/live-requests.ts';
import { endOnShutdown, noNews } from './longpoll-end.ts';

/** A longpoll's body cut by a shutdown is still a complete `_changes` answer. */
function read(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stream.on('end', () => resolve(text));
    stream.on('error', reject);
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a longpoll when the instance shuts down', () => {
  it.each([
    ['nothing yet (CouchDB opens with its first heartbeat)', [] as string[]],
    ['its opening (the embedded database)', ['{"results":[\n']],
    ['its opening and heartbeats', ['{"results":[\n', '\n', '\n']],
    ['part of its opening', ['\n{"resu']],
  ])('after %s, ends as "no news since"', async (_what, chunks) => {
    const upstream = new PassThrough();
    const shutdown = new AbortController();
    const body = endOnShutdown(upstream, shutdown.signal, '42');
    const text = read(body);
    for (const chunk of chunks) upstream.write(chunk);
    await tick();
    shutdown.abort(new ShuttingDown());
    expect(JSON.parse(await text)).toEqual({ results: [], last_seq: 42 });
    expect(upstream.destroyed).toBe(true);
  });

  it('once a change is on its way, passes the answer on to its end', async () => {
    const upstream = new PassThrough();
    const shutdown = new AbortController();
    const text = read(endOnShutdown(upstream, shutdown.signal, '42'));
    upstream.write('{"results":[\n\n{"seq":43,"id":"issue:a","changes":[{"rev":"1-a"}]}');
    await tick();
    shutdown.abort(new ShuttingDown());
    upstream.end('\n],\n"last_seq":43}\n');
    expect(JSON.parse(await text)).toEqual({
      results: [{ seq: 43, id: 'issue:a', changes: [{ rev: '1-a' }] }],
      last_seq: 43,
    });
  });

  it('ignores other aborts (a removal cuts the reply elsewhere), and passes answers through', async () => {
    const upstream = new PassThrough();
    const removed = new AbortController();
    const text = read(endOnShutdown(upstream, removed.signal, '42'));
    upstream.write('{"results":[\n');
    removed.abort();
    await tick();
    upstream.end('],"last_seq":42}');
    expect(await text).toBe('{"results":[\n],"last_seq":42}');
  });

  it('stops reading the database when the browser goes away', async () => {
    const upstream = new PassThrough();
    const body = endOnShutdown(upstream, new AbortController().signal, '42');
    upstream.write('{"results":[\n');
    body.destroy();
    await tick();
    expect(upstream.destroyed).toBe(true);
  });

  it('keeps sequences as the database writes them', () => {
    expect(noNews('17')).toEqual({ results: [], last_seq: 17 });
    expect(noNews('17-g1AAAAB')).toEqual({ results: [], last_seq: '17-g1AAAAB' });
    expect(noNews(undefined)).toEqual({ results: [], last_seq: 0 });
  });
});
