import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ValidationError } from '../../kernel/errors.js';

/**
 * The server-side-request-forgery guard of outbound webhooks: a customer chooses the URL, so it must
 * never reach our own network, the cloud's metadata service or anything else that is not public.
 * The URL is checked when saved and again at every send, and the sender connects to exactly the
 * address checked here (no second DNS lookup a rebinding name could answer differently).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export class ForbiddenAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenAddressError';
  }
}

export const defaultResolver: Resolver = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Everything in IPv4 that is not public unicast (RFC 6890 and the IANA special-purpose registry). */
const V4_DENIED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // 255.255.255.255 included
] as const) {
  V4_DENIED.addSubnet(net, prefix, 'ipv4');
}

/** Inside 2000::/3 (the only global unicast range), the special blocks that are not public. */
const V6_DENIED = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  V6_DENIED.addSubnet(net, prefix, 'ipv6');
}

/** `[::1]` (how URL.hostname spells IPv6) to `::1`. */
const unbracket = (host: string): string => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** The 16 bytes of an IPv6 address that isIP has already accepted (a dotted IPv4 tail allowed). */
function v6Bytes(ip: string): number[] {
  let text = ip;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head, rest] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(rest);
  const words = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const v4At = (b: number[], i: number): string => `${b[i]}.${b[i + 1]}.${b[i + 2]}.${b[i + 3]}`;
const startsWith = (b: number[], prefix: number[]): boolean => prefix.every((x, i) => b[i] === x);

function isForbiddenV6(ip: string): boolean {
  const b = v6Bytes(ip);
  const zeros = (n: number) => Array(n).fill(0);
  // IPv4-mapped (::ffff:0:0/96): the socket talks IPv4 to the embedded address.
  if (startsWith(b, [...zeros(10), 0xff, 0xff])) return isForbiddenV4(v4At(b, 12));
  // IPv4-compatible (::/96, deprecated) holds :: and ::1 as well: none of it is a public destination.
  if (startsWith(b, zeros(12))) return true;
  // Well-known NAT64 prefix: a translator forwards to the embedded IPv4.
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return isForbiddenV4(v4At(b, 12));
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215) is an operator's own translator, never globally reachable,
  // and its prefix length (where the IPv4 sits) is unknowable from outside: refused whatever it embeds.
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 1])) return true;
  // 6to4 (2002::/16): a relay forwards to the IPv4 in bytes 2..5.
  if (startsWith(b, [0x20, 0x02])) return isForbiddenV4(v4At(b, 2));
  // Outside 2000::/3 is loopback, ULA (incl. fd00:ec2::254), link-local, multicast, discard or unassigned.
  if ((b[0] & 0xe0) !== 0x20) return true;
  return V6_DENIED.check(ip, 'ipv6');
}

function isForbiddenV4(ip: string): boolean {
  return V4_DENIED.check(ip, 'ipv4');
}

/** True for every address that is not public unicast, and for anything that is not an IP address at all. */
export function isForbiddenAddress(ip: string): boolean {
  const text = unbracket(ip.trim());
  // A zone id (fe80::1%eth0) only ever goes with a link-local address.
  if (text.includes('%')) return true;
  switch (isIP(text)) {
    case 4:
      return isForbiddenV4(text);
    case 6:
      return isForbiddenV6(text.toLowerCase());
    default:
      return true;
  }
}

/** Names that point inside whatever network resolves them (cloud metadata, cluster services, mDNS). */
const INTERNAL_SUFFIXES = ['localhost', 'internal', 'local', 'localdomain', 'home.arpa', 'intranet', 'lan'];
function isInternalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  // A single label (`metadata`, `instance-data`, `kubernetes`) is resolved through the local search domains.
  if (!name.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`));
}

function refuse(message: string, constraint: string): never {
  throw new ValidationError([{ field: 'url', message, constraint }], message);
}

/** Parses a webhook endpoint URL and refuses any that may not be called; messages never echo the URL. */
export function checkEndpointUrl(raw: string, opts: { allowPrivate: boolean }): URL {
  // The URL parser silently drops tabs, newlines and surrounding spaces: refuse them rather than guess.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) refuse('The URL may not contain spaces or control characters', 'format');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('The URL is not a valid absolute URL', 'format');
  }
  const schemes = opts.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) refuse('The URL must use https', 'https');
  if (url.username || url.password || /^[a-z][a-z\d+.-]*:\/\/[^/?#]*@/i.test(raw)) {
    refuse('The URL may not contain a user name or password', 'userinfo');
  }
  if (!url.hostname) refuse('The URL has no host', 'format');
  if (url.hash || raw.includes('#')) refuse('The URL may not contain a fragment', 'format');
  if (opts.allowPrivate) return url;
  const host = unbracket(url.hostname);
  if (isIP(host)) {
    if (isForbiddenAddress(host)) refuse('The URL points to an address that is not public', 'address');
  } else if (isInternalName(host)) {
    refuse('The URL points to a host name that is not public', 'address');
  }
  return url;
}

/**
 * The one address the sender must connect to: an IP literal as is, a name resolved once and refused
 * when it resolves to nothing or when any of its addresses is not public (a name with one private
 * address among public ones is a rebinding or misconfiguration hazard either way).
 */
export async function resolvePublicAddress(
  url: URL,
  opts: { allowPrivate: boolean; resolver: Resolver },
): Promise<ResolvedAddress> {
  const host = unbracket(url.hostname);
  const family = isIP(host);
  if (family === 4 || family === 6) {
    if (!opts.allowPrivate && isForbiddenAddress(host)) {
      throw new ForbiddenAddressError(`Webhook host ${host} is not a public address`);
    }
    return { address: host, family };
  }
  const found = await opts.resolver(host);
  if (found.length === 0) throw new ForbiddenAddressError(`Webhook host ${host} resolves to no address`);
  if (!opts.allowPrivate && found.some((a) => isForbiddenAddress(a.address))) {
    throw new ForbiddenAddressError(`Webhook host ${host} resolves to an address that is not public`);
  }
  return found[0];
}
