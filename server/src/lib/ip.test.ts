import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPublicIp } from './ip.ts';

describe('isPublicIp', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('lets %s through', (address) => {
    expect(isPublicIp(address)).toBe(true);
  });

  it.each([
    // IPv4 special-purpose registry
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.9', 'IETF protocol assignments'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['192.31.196.1', 'AS112'],
    ['192.52.193.1', 'AMT'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['192.175.48.1', 'AS112 delegation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.1', 'TEST-NET-2'],
    ['203.0.113.1', 'TEST-NET-3'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 special-purpose registry and the forms that carry IPv4
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64, public inside'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a9fe:a9fe::', '6to4 of the metadata address'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['2620:4f:8000::1', 'AS112 delegation'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'SRv6 SIDs'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['not-an-ip', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicIp(address)).toBe(false);
  });
});

describe('isPublicIp over every way of writing an address', () => {
  const ipv4 = fc.tuple(...Array.from({ length: 4 }, () => fc.nat(255))).map((p) => p.join('.'));
  const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
  const groupsOf = (bytes: number[]) =>
    Array.from({ length: 8 }, (_, i) => hex(bytes[i * 2]!, bytes[i * 2 + 1]!));

  it('judges an IPv4 address the same inside IPv4-mapped, NAT64 and 6to4 forms', () => {
    fc.assert(
      fc.property(ipv4, (address) => {
        const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
        const expected = isPublicIp(address);
        expect(isPublicIp(`::ffff:${address}`)).toBe(expected);
        expect(isPublicIp(`::ffff:${hex(a, b)}:${hex(c, d)}`)).toBe(expected);
        expect(isPublicIp(`64:ff9b::${address}`)).toBe(expected);
        expect(isPublicIp(`2002:${hex(a, b)}:${hex(c, d)}::1`)).toBe(expected);
      }),
    );
  });

  const prefixes = fc.constantFrom(
    [],
    [0x20, 0x01, 0x0d, 0xb8],
    [0x20, 0x01, 0x00, 0x00],
    [0x20, 0x02],
    [0x2a, 0x00],
    [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0xfe, 0x80],
  );

  it('gives the same answer for the full, compressed and dotted spellings of an IPv6 address', () => {
    fc.assert(
      fc.property(prefixes, fc.uint8Array({ minLength: 16, maxLength: 16 }), (prefix, raw) => {
        // The first bytes steer into the interesting ranges more often than chance would.
        const bytes = [...prefix, ...raw].slice(0, 16);
        const full = groupsOf(bytes).join(':');
        const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
        const dotted = `${groupsOf(bytes).slice(0, 6).join(':')}:${bytes.slice(12).join('.')}`;
        const expected = isPublicIp(full);
        expect(isPublicIp(compressed)).toBe(expected);
        expect(isPublicIp(dotted)).toBe(expected);
        expect(isPublicIp(full.toUpperCase())).toBe(expected);
      }),
    );
  });
});
