import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may deliver (SPEC §11): server-side request forgery is the threat. A target is
 * `https://` (plain http only where the server allows it, for a receiver on one's own machine)
 * and never an address inside the server's own network (loopback, private, link-local, carrier
 * NAT, multicast, unspecified), unless the server is configured to allow those. A name is
 * checked again at each delivery against every address it resolves to (resolveTarget), so a
 * name that points inside later is refused then.
 */
export interface TargetPolicy {
  /** `KEEL_WEBHOOKS_ALLOW_PRIVATE`: loopback and private addresses allowed (tests, a LAN). */
  allowPrivate: boolean;
  /** Plain `http://` allowed: only with private addresses allowed (a receiver on localhost). */
  allowHttp: boolean;
}

const INSIDE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INSIDE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // IPv4-compatible (::a.b.c.d, with :: and ::1), NAT64 and 6to4 carry an IPv4 address that
  // may be inside: refused whole, as no webhook receiver needs them.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  INSIDE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one the server must not send to (see above). */
export function isInsideAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INSIDE.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refused, never guessed at
  const lower = address.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isInsideAddress(mapped[1]!);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return isInsideAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return INSIDE.check(address, 'ipv6');
}

const LABEL = '(?!-)[a-z0-9-]{1,63}(?<!-)';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(\\.${LABEL})*\\.?$`, 'i');
const PUBLIC_HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(\\.${LABEL})+\\.?$`, 'i');

export type TargetCheck = { ok: true; url: URL } | { ok: false; message: string };

/** A registered URL, before any request: its form, its scheme, and its host if an address. */
export function checkTargetUrl(raw: string, policy: TargetPolicy): TargetCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'Enter a full URL, starting with https://' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    return { ok: false, message: 'The URL must start with https://' };
  if (url.username || url.password)
    return { ok: false, message: 'Put credentials in the secret, not in the URL' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!policy.allowPrivate) {
    if (isIP(host) && isInsideAddress(host))
      return { ok: false, message: 'That address is on a private network' };
    // `localhost.` is localhost: a name's final dot changes nothing.
    if (/^(localhost|.*\.localhost|.*\.local|.*\.internal)\.?$/i.test(host))
      return { ok: false, message: 'That address is on a private network' };
  }
  // A name must be one the public DNS could hold: a name of one label (`intranet`) is looked up
  // through the server's own search domains, which lead inside.
  if (!isIP(host) && !(policy.allowPrivate ? HOST_NAME : PUBLIC_HOST_NAME).test(host))
    return { ok: false, message: 'Enter a public host name, like hooks.example.com' };
  return { ok: true, url };
}

export type Lookup = (hostname: string) => Promise<readonly { address: string }[]>;

/**
 * The addresses to deliver to: every one the name resolves to must be outside, or none is used
 * (a name with one inside address among public ones could be made to use it).
 */
export async function resolveTarget(
  url: URL,
  policy: TargetPolicy,
  lookup: Lookup,
): Promise<{ ok: true; address: string } | { ok: false; message: string }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host).catch(() => []);
  if (addresses.length === 0) return { ok: false, message: `${host} could not be found` };
  if (!policy.allowPrivate && addresses.some((a) => isInsideAddress(a.address)))
    return { ok: false, message: 'That address is on a private network' };
  return { ok: true, address: addresses[0]!.address };
}
