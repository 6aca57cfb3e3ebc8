/**
 * Who a client address is, for what is counted per client (rate limits, refusals at accept): an IPv4
 * address, or the /64 network of an IPv6 address. One IPv6 host is routinely given a whole /64 and can
 * send from any of its 2^64 addresses, so counting by full address would give it a fresh limit at every
 * request. An IPv4-mapped address (::ffff:10.1.2.3) counts as the IPv4 address.
 */
export function clientKeyOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
