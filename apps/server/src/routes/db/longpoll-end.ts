import { PassThrough, type Readable } from 'node:stream';
import { endedByShutdown } from '../../workspaces/live-requests.ts';

/**
 * A longpoll's answer when nothing changed since `since`: what the database gives at its
 * timeout, and what Keel gives when it shuts down under a waiting longpoll. The client's next
 * request asks from the same sequence, so nothing is skipped. (`since` comes back as it was
 * sent; the embedded database's sequences are numbers, CouchDB's are strings.)
 */
export function noNews(since: string | undefined): { results: []; last_seq: string | number } {
  const seq = since ?? '0';
  return { results: [], last_seq: /^\d+$/.test(seq) ? Number(seq) : seq };
}

// How a longpoll's answer opens: sent at once (the embedded database) or with the first
// heartbeat (CouchDB), before any change is known.
const OPENING = '{"results":[';

/**
 * A longpoll's body as the database streams it: its opening and heartbeats (newlines) while it
 * waits, then the changes and the rest. If the instance shuts down (`signal` aborted with
 * ShuttingDown) before any change has been sent, the database's stream is dropped and the body
 * is completed as "no news" instead; once a change has begun it is passed on to its end.
 */
export function endOnShutdown(
  body: Readable,
  signal: AbortSignal,
  since: string | undefined,
): Readable {
  const out = new PassThrough();
  // The body's text so far without whitespace, while it is no more than the opening.
  let sent = '';
  let waiting = true;
  const end = () => {
    if (!waiting || !endedByShutdown(signal)) return;
    waiting = false;
    body.destroy();
    out.end(JSON.stringify(noNews(since)).slice(sent.length));
  };
  body.on('data', (chunk: Buffer) => {
    if (waiting) {
      sent += chunk.toString('latin1').replace(/\s+/g, '');
      if (!OPENING.startsWith(sent)) waiting = false;
    }
    if (out.writableEnded) return;
    if (!out.write(chunk)) {
      body.pause();
      out.once('drain', () => body.resume());
    }
  });
  body.once('end', () => {
    waiting = false;
    if (!out.writableEnded) out.end();
  });
  body.once('error', (err) => {
    if (!out.writableEnded) out.destroy(err);
  });
  // The browser went away: stop reading the database too.
  out.once('close', () => body.destroy());
  signal.addEventListener('abort', end, { once: true });
  if (signal.aborted) queueMicrotask(end);
  return out;
}
