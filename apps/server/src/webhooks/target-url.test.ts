import { describe, expect, it } from 'vitest';
import { checkTargetUrl, isInsideAddress, resolveTarget } from './target-url.ts';

const STRICT = { allowPrivate: false, allowHttp: false };
const LOCAL = { allowPrivate: true, allowHttp: true };

describe('webhook targets (SSRF)', () => {
  it('tells addresses inside the network from public ones', () => {
    for (const inside of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      'not an address',
    ])
      expect(isInsideAddress(inside), inside).toBe(true);
    for (const outside of ['1.1.1.1', '8.8.8.8', '172.32.0.1', '140.82.112.3', '2606:4700::1111'])
      expect(isInsideAddress(outside), outside).toBe(false);
  });

  it('refuses what is not https, carries credentials, or names an inside host', () => {
    const refused = (url: string) => {
      const check = checkTargetUrl(url, STRICT);
      return check.ok ? null : check.message;
    };
    expect(refused('https://hooks.example.com/keel')).toBeNull();
    expect(refused('http://hooks.example.com/keel')).toBe('The URL must start with https://');
    expect(refused('ftp://example.com')).toBe('The URL must start with https://');
    expect(refused('hooks.example.com')).toBe('Enter a full URL, starting with https://');
    expect(refused('https://user:pw@example.com/')).toBe(
      'Put credentials in the secret, not in the URL',
    );
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5:8443/',
      'https://localhost/',
      'https://api.localhost/',
      'https://printer.local/',
      'https://metadata.google.internal/',
      // Other spellings of 127.0.0.1 that the URL parser reads as it.
      'https://2130706433/',
      'https://0x7f.1/',
      'https://127.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::127.0.0.1]/',
    ])
      expect(refused(url), url).toBe('That address is on a private network');
    for (const url of [
      'https://localhost./',
      'https://printer.local./',
      'https://metadata.google.internal./',
    ])
      expect(refused(url), url).toBe('That address is on a private network');
    // A name of one label is looked up through the server's search domains: inside.
    for (const url of [
      'https://intranet/',
      'https://__proto__/',
      'https://../',
      `https://${'a'.repeat(64)}.com/`,
    ])
      expect(refused(url), url).toBe('Enter a public host name, like hooks.example.com');
    expect(refused('https://hooks.example.com./keel')).toBeNull();
    expect(refused('https://xn--bcher-kva.example/')).toBeNull();
  });

  it('allows a receiver on this machine only where the server says so', () => {
    expect(checkTargetUrl('http://127.0.0.1:9999/hook', LOCAL).ok).toBe(true);
    expect(checkTargetUrl('http://127.0.0.1:9999/hook', STRICT).ok).toBe(false);
    // A receiver beside the server (a compose service) has a name of one label.
    expect(checkTargetUrl('http://receiver:8080/hook', LOCAL).ok).toBe(true);
  });

  it('checks every address a name resolves to, at delivery', async () => {
    const url = new URL('https://hooks.example.com/');
    const lookup = (addresses: string[]) => async () => addresses.map((address) => ({ address }));
    expect(await resolveTarget(url, STRICT, lookup(['140.82.112.3']))).toEqual({
      ok: true,
      address: '140.82.112.3',
    });
    // A name pointed inside after it was registered, or with one inside address among others.
    expect(await resolveTarget(url, STRICT, lookup(['10.0.0.7']))).toMatchObject({ ok: false });
    expect(await resolveTarget(url, STRICT, lookup(['140.82.112.3', '127.0.0.1']))).toMatchObject({
      ok: false,
    });
    expect(await resolveTarget(url, STRICT, lookup([]))).toEqual({
      ok: false,
      message: 'hooks.example.com could not be found',
    });
    expect(await resolveTarget(url, LOCAL, lookup(['127.0.0.1']))).toMatchObject({ ok: true });
  });
});
