import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkTargetUrl, resolveTarget, type Lookup, type TargetPolicy } from './target-url.ts';

/** What one attempt to deliver came to. */
export interface AttemptOutcome {
  ok: boolean;
  /** The receiver's status, or null when it never answered (refused, timed out, not allowed). */
  status: number | null;
  durationMs: number;
  /** Why it failed without a status to say so, or what a redirect pointed at. */
  error: string | null;
  /** The start of the receiver's answer, for the delivery log. */
  responseBody: string | null;
}

/** How much of an answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 4_096;
const TIMEOUT_MS = 10_000;

// A name whose servers answer slowly must not hold a delivery (nor the threads Node's lookups
// run on) for long: past this, the attempt fails.
const LOOKUP_TIMEOUT_MS = 5_000;

const systemLookup: Lookup = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`looking up ${host} took over 5 seconds`)),
      LOOKUP_TIMEOUT_MS,
    );
    dnsLookup(host, { all: true, verbatim: true })
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });

/**
 * Send one delivery: a POST of `body` with `headers`. The target is checked again here (its
 * name may point elsewhere since it was registered), and the connection goes to the very
 * address that was checked, so a name cannot be switched between the check and the connect
 * (DNS rebinding). Redirects are not followed (they would lead past the check); any answer
 * but 2xx is a failure, and nothing waits past 10 seconds.
 */
export async function sendDelivery(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  lookup: Lookup = systemLookup,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const failed = (error: string): AttemptOutcome => ({
    ok: false,
    status: null,
    durationMs: Math.round(performance.now() - started),
    error,
    responseBody: null,
  });
  const checked = checkTargetUrl(rawUrl, policy);
  if (!checked.ok) return failed(checked.message);
  const resolved = await resolveTarget(checked.url, policy, lookup);
  if (!resolved.ok) return failed(resolved.message);
  const family = isIP(resolved.address);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: resolved.address, family },
      ]);
    else callback(null, resolved.address, family);
  };
  const url = checked.url;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        timeout: TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // A receiver may answer at length; the log keeps the start, so stop reading there.
          if (size >= RESPONSE_EXCERPT_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          resolve({
            ok: status !== null && status >= 200 && status < 300,
            status,
            durationMs: Math.round(performance.now() - started),
            error: redirect
              ? `Redirects are not followed (to ${response.headers.location ?? 'nowhere'})`
              : null,
            responseBody: Buffer.concat(chunks)
              .subarray(0, RESPONSE_EXCERPT_BYTES)
              .toString('utf8'),
          });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('timed out')), TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(failed(describeError(err)));
    });
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

function describeError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'The connection was refused';
    case 'ECONNRESET':
      return 'The connection was closed before an answer';
    case 'ENOTFOUND':
      return 'The host could not be found';
    default:
      if (err.message === 'timed out') return 'No answer within 10 seconds';
      if (err.code?.startsWith('ERR_TLS') || /certificate/i.test(err.message))
        return `The TLS certificate was not accepted (${err.message})`;
      return err.message;
  }
}
