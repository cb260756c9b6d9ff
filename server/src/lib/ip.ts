import { BlockList, isIP } from 'node:net';

/**
 * Whether the server may connect to an address on a user's behalf (avatar by URL). Only
 * global unicast addresses are public: every range of the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries is refused (loopback, private, shared, link-local, documentation,
 * benchmarking, reserved, multicast…), and an IPv4 address carried inside an IPv6 one
 * (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as that IPv4 address, so
 * `2002:7f00:1::` is loopback. Forms whose embedded address cannot be trusted or read
 * (IPv4-compatible ::a.b.c.d, local-use NAT64, Teredo, scoped addresses) are refused.
 */
const blockedIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
] as const) {
  blockedIpv4.addSubnet(network, prefix, 'ipv4');
}

/** Special-purpose ranges inside global unicast (2000::/3); everything outside it is refused. */
const blockedIpv6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112…
  ['2001:db8::', 32], // documentation
  ['2620:4f:8000::', 48], // direct delegation AS112
  ['3fff::', 20], // documentation
] as const) {
  blockedIpv6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (with or without a trailing dotted IPv4), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address;
  const groups: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  let tail: number[] = [];
  if (dotted) {
    if (isIP(dotted) !== 4) return null;
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    text = text.slice(0, -dotted.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = parse(head);
  const after = [...parse(rest ?? ''), ...tail];
  const missing = 8 - before.length - after.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  groups.push(...before, ...Array<number>(Math.max(0, missing)).fill(0), ...after);
  if (groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ipv4At = (bytes: number[], offset: number) => bytes.slice(offset, offset + 4).join('.');

/** The IPv4 address an IPv6 address stands for, when it is one of the translating forms. */
function embeddedIpv4(bytes: number[]): string | null {
  // ::ffff:a.b.c.d (IPv4-mapped)
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return ipv4At(bytes, 12);
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix)
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return ipv4At(bytes, 12);
  // 2002:aabb:ccdd::/48 (6to4)
  if (startsWith(bytes, [0x20, 0x02])) return ipv4At(bytes, 2);
  return null;
}

export function isPublicIp(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blockedIpv4.check(address, 'ipv4');
  // A zone index (fe80::1%eth0) only means something on this host's own links.
  if (version !== 6 || address.includes('%')) return false;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const ipv4 = embeddedIpv4(bytes);
  if (ipv4) return isPublicIp(ipv4);
  // Outside 2000::/3 lie ::/128, ::1, IPv4-compatible ::/96, 64:ff9b:1::/48, 100::/64,
  // 5f00::/16, fc00::/7, fe80::/10, fec0::/10 and ff00::/8: none is a public unicast address.
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  return !blockedIpv6.check(address, 'ipv6');
}
