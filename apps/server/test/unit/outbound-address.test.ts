/**
 * Webhook destinations (platform/outbound-address.ts, SSRF): every address generated inside a
 * loopback, private, link-local, carrier-grade NAT, unique-local or unspecified block — IPv4,
 * IPv6 and IPv4-mapped — is refused, as is a host that resolves to one (localhost) and a scheme
 * other than http(s); addresses inside public blocks pass; CALLBACK_ALLOW_PRIVATE lifts the check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outboundRefusal } from '../../src/platform/outbound-address.ts';

const octet = fc.integer({ min: 0, max: 255 });
const hex = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const v4 = (a: fc.Arbitrary<number>, b: fc.Arbitrary<number>) => fc.tuple(a, b, octet, octet).map((p) => p.join('.'));

/** Addresses no webhook may reach, by block. */
const INTERNAL: [string, fc.Arbitrary<string>][] = [
  ['127.0.0.0/8', v4(fc.constant(127), octet)],
  ['10.0.0.0/8', v4(fc.constant(10), octet)],
  ['172.16.0.0/12', v4(fc.constant(172), fc.integer({ min: 16, max: 31 }))],
  ['192.168.0.0/16', v4(fc.constant(192), fc.constant(168))],
  ['169.254.0.0/16 (cloud metadata)', v4(fc.constant(169), fc.constant(254))],
  ['100.64.0.0/10', v4(fc.constant(100), fc.integer({ min: 64, max: 127 }))],
  ['0.0.0.0', fc.constant('0.0.0.0')],
  ['::1', fc.constant('[::1]')],
  ['fc00::/7', fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hex, hex).map(([a, b, c]) => `[${a.toString(16)}:${b}::${c}]`)],
  ['fe80::/10', fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), hex).map(([a, b]) => `[${a.toString(16)}::${b}]`)],
  ['::ffff:10.0.0.0/104', v4(fc.constant(10), octet).map((a) => `[::ffff:${a}]`)],
];

/** Addresses inside public blocks (Google's and Cloudflare's). */
const PUBLIC = fc.oneof(v4(fc.constant(8), fc.constant(8)), v4(fc.constant(1), fc.constant(1)), fc.tuple(hex, hex).map(([a, b]) => `[2001:4860:${a}::${b}]`));

describe('outboundRefusal', () => {
  it.each(INTERNAL)('refuses every address in %s, unless private callbacks are allowed', async (_block, addresses) => {
    await fc.assert(
      fc.asyncProperty(addresses, fc.constantFrom('http', 'https'), async (host, scheme) => {
        expect(await outboundRefusal(`${scheme}://${host}:8443/hook`, false)).toMatch(/only public addresses are called/);
        expect(await outboundRefusal(`${scheme}://${host}:8443/hook`, true)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('lets addresses in public blocks through', async () => {
    await fc.assert(
      fc.asyncProperty(PUBLIC, async (host) => {
        expect(await outboundRefusal(`https://${host}/hook`, false)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a name that resolves to loopback, a scheme other than http(s) and a non-URL', async () => {
    expect(await outboundRefusal('http://localhost:3000/hook', false)).toMatch(/loopback/);
    expect(await outboundRefusal('ftp://8.8.8.8/hook', false)).toMatch(/ftp:/);
    expect(await outboundRefusal('not a url', false)).toMatch(/not a URL/);
  });
});
