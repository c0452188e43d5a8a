/**
 * The webhook call is pinned to the addresses it checks (platform/outbound-address.ts
 * `outboundFetch`, `pinnedAgent`): a resolver that answers a public address to the first lookup
 * (the early check passes) and, generated, an address of every refused block to the second (DNS
 * rebinding) gets the call refused at connect time with the reason, and the receiver listening on
 * loopback sees no request; an answer list that mixes a public and a refused address is refused
 * too. With CALLBACK_ALLOW_PRIVATE the same resolver's loopback answer is connected to, which
 * shows the connection uses the checked lookup and not another resolution (the name does not
 * exist in DNS). An IP-literal host is checked without any lookup.
 */
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused, outboundFetch, outboundRefusal, pinnedAgent, type LookupAll } from '../../src/platform/outbound-address.ts';

const octet = fc.integer({ min: 0, max: 255 });
const v4 = (a: number, b: fc.Arbitrary<number>) => fc.tuple(b, octet, octet).map(([x, y, z]) => `${a}.${x}.${y}.${z}`);
/** One address of each block no webhook may reach (IPv4, IPv6, IPv4-mapped). */
const REFUSED = fc.oneof(
  v4(127, octet),
  v4(10, octet),
  v4(172, fc.integer({ min: 16, max: 31 })),
  v4(192, fc.constant(168)),
  v4(169, fc.constant(254)),
  v4(100, fc.integer({ min: 64, max: 127 })),
  fc.constant('0.0.0.0'),
  fc.constant('::1'),
  fc.integer({ min: 0xfc00, max: 0xfdff }).map((a) => `${a.toString(16)}::1`),
  fc.integer({ min: 0xfe80, max: 0xfebf }).map((a) => `${a.toString(16)}::1`),
  v4(10, octet).map((a) => `::ffff:${a}`),
);
const PUBLIC = '93.184.216.34';

const entry = (address: string): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 });

/** A resolver answering `answers[i]` to its i-th call (the last one again after that); counts calls. */
function rebinding(answers: string[][]): LookupAll & { calls: number } {
  const fn = ((_host, _opts, cb) => {
    const list = answers[Math.min(fn.calls, answers.length - 1)]!;
    fn.calls += 1;
    setImmediate(() => cb(null, list.map(entry)));
  }) as LookupAll & { calls: number };
  fn.calls = 0;
  return fn;
}

let receiver: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  receiver = createServer((_req, res) => {
    hits += 1;
    res.end('ok');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const address = receiver.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

describe('outboundFetch (pinned webhook calls)', () => {
  it('refuses a host that rebinds to any refused address between the check and the call', async () => {
    await fc.assert(
      fc.asyncProperty(REFUSED, async (second) => {
        hits = 0;
        const lookup = rebinding([[PUBLIC], [second]]);
        const url = `http://hooks.rebind.invalid:${port}/refund`;
        expect(await outboundRefusal(url, false, lookup)).toBeNull();
        const agent = pinnedAgent(false, lookup);
        try {
          const err = await outboundFetch(url, { method: 'POST', body: '{}' }, { allowPrivate: false, agent }).then(
            () => null,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(OutboundRefused);
          expect((err as Error).message).toContain(`(${second})`);
          expect((err as Error).message).toMatch(/only public addresses are called/);
        } finally {
          await agent.close();
        }
        expect(lookup.calls).toBe(2);
        expect(hits).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses an answer list in which any address is refused, whichever comes first', async () => {
    await fc.assert(
      fc.asyncProperty(REFUSED, fc.boolean(), async (bad, publicFirst) => {
        hits = 0;
        const agent = pinnedAgent(false, rebinding([publicFirst ? [PUBLIC, bad] : [bad, PUBLIC]]));
        try {
          await expect(outboundFetch(`http://mixed.invalid:${port}/`, { method: 'GET' }, { allowPrivate: false, agent })).rejects.toBeInstanceOf(OutboundRefused);
        } finally {
          await agent.close();
        }
        expect(hits).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('connects to the address its own lookup answered when private addresses are allowed', async () => {
    hits = 0;
    const lookup = rebinding([['127.0.0.1']]);
    const agent = pinnedAgent(true, lookup);
    try {
      const res = await outboundFetch(`http://only-in-this-lookup.invalid:${port}/`, { method: 'GET' }, { allowPrivate: true, agent });
      expect(await res.text()).toBe('ok');
    } finally {
      await agent.close();
    }
    expect(lookup.calls).toBe(1);
    expect(hits).toBe(1);
  });

  it('refuses an IP-literal host of a refused block without a lookup, and calls it when allowed', async () => {
    hits = 0;
    await expect(outboundFetch(`http://127.0.0.1:${port}/`, { method: 'GET' }, { allowPrivate: false })).rejects.toThrow(/loopback address \(127\.0\.0\.1\)/);
    await expect(outboundFetch(`http://[::ffff:10.1.2.3]:${port}/`, { method: 'GET' }, { allowPrivate: false })).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toBe(0);
    const res = await outboundFetch(`http://127.0.0.1:${port}/`, { method: 'GET' }, { allowPrivate: true });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect(hits).toBe(1);
  });
});
