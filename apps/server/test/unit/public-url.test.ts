/**
 * The origin of every link (platform/public-url.ts), by property over generated inputs:
 *  - PUBLIC_URL: any http(s) origin (with a port, a trailing slash, upper case) is accepted in its
 *    canonical form; the same with a path, query, fragment, user name or another scheme, and text
 *    that is no URL, is a start-up error naming PUBLIC_URL;
 *  - linkOrigin: with PUBLIC_URL set the answer is PUBLIC_URL whatever the request says; in
 *    production without it every request is refused (503 SRV503); in development without it the
 *    answer, when there is one, is a loopback origin reached over a loopback socket — for any Host
 *    text at all (generated strings, domains, loopback look-alikes) and any protocol text;
 *  - requestTarget keeps the path and query of any target and drops the host of an absolute-form
 *    or `//host` one.
 */
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import { linkOrigin, parsePublicUrl, publicUrlWarning, requestTarget, type ArrivedAt } from '../../src/platform/public-url.ts';

const port = fc.integer({ min: 1, max: 65535 });
const scheme = fc.constantFrom('http', 'https', 'HTTPS');
const origin = fc.tuple(scheme, fc.domain(), fc.option(port, { nil: undefined }), fc.boolean()).map(([s, d, p, slash]) => `${s}://${d}${p === undefined ? '' : `:${p}`}${slash ? '/' : ''}`);
const octet = fc.integer({ min: 0, max: 255 });
/** Host header texts: anything, domains, loopback forms and look-alikes. */
const hostText = fc.oneof(
  fc.string(),
  fc.domain(),
  fc.tuple(fc.domain(), port).map(([d, p]) => `${d}:${p}`),
  fc.tuple(fc.constantFrom('localhost', '127.0.0.1', '[::1]', '127.8.9.10', 'LOCALHOST'), fc.option(port, { nil: undefined })).map(([h, p]) => (p === undefined ? h : `${h}:${p}`)),
  fc.tuple(fc.constantFrom('localhost.', '127.0.0.1.', 'localhost@', 'localhost:3000@', 'localhost:3000/', '[::1]@', 'x@localhost.'), fc.domain()).map(([a, d]) => `${a}${d}`),
  fc.tuple(octet, octet, octet, octet).map((o) => o.join('.')),
);
const localAddress = fc.oneof(fc.constantFrom('127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.5', '192.168.1.20', '::ffff:10.1.1.1', '2001:db8::1'), fc.constant(undefined));
const arrived: fc.Arbitrary<ArrivedAt> = fc.record({ host: fc.option(hostText, { nil: undefined }), protocol: fc.oneof(fc.constantFrom('http', 'https'), fc.string()), localAddress });

const isLoopback = (a: string) => ipaddr.isValid(a) && ipaddr.process(a).range() === 'loopback';
const refusal = (f: () => unknown): AppError | null => {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
};

describe('parsePublicUrl', () => {
  it('accepts any http(s) origin and answers it canonical (no trailing slash, lower case, no default port)', () => {
    fc.assert(
      fc.property(origin, (o) => {
        const parsed = parsePublicUrl(o);
        expect(parsed).toBe(new URL(o).origin);
        expect(parsed.endsWith('/')).toBe(false);
      }),
    );
    expect(parsePublicUrl('')).toBe('');
    expect(parsePublicUrl('  ')).toBe('');
  });

  it('refuses a path, query, fragment, user name, another scheme or no URL, naming PUBLIC_URL', () => {
    const bad = fc.oneof(
      fc.tuple(origin.map((o) => o.replace(/\/$/, '')), fc.webSegment().filter((s) => s.length > 0)).map(([o, s]) => `${o}/${s}`),
      origin.map((o) => `${o.replace(/\/$/, '')}/?x=1`),
      origin.map((o) => `${o.replace(/\/$/, '')}#top`),
      origin.map((o) => `${o.replace(/\/$/, '')}?`),
      fc.tuple(origin.map((o) => o.replace(/\/$/, '')), fc.constantFrom('/.', '/..', '/./', '/a/..', '\\', '/%2e', '//')).map(([o, s]) => `${o}${s}`),
      fc.domain().map((d) => `https://user:pw@${d}`),
      fc.tuple(fc.constantFrom('ftp', 'javascript', 'file', 'ws'), fc.domain()).map(([s, d]) => `${s}://${d}`),
      fc.domain(),
      fc.constantFrom('not a url', 'https://', '://x'),
    );
    fc.assert(
      fc.property(bad, (b) => {
        expect(() => parsePublicUrl(b)).toThrow(/^PUBLIC_URL /);
      }),
    );
  });
});

describe('linkOrigin', () => {
  it('answers PUBLIC_URL whatever the request says, in development and production', () => {
    fc.assert(
      fc.property(origin, fc.boolean(), arrived, (o, production, at) => {
        const publicUrl = parsePublicUrl(o);
        expect(linkOrigin({ publicUrl, production }, at)).toBe(publicUrl);
      }),
    );
  });

  it('refuses every request in production without PUBLIC_URL, with 503 SRV503 saying so', () => {
    fc.assert(
      fc.property(arrived, (at) => {
        const err = refusal(() => linkOrigin({ publicUrl: '', production: true }, at));
        expect([err?.status, err?.code]).toEqual([503, 'SRV503']);
        expect(err!.message).toMatch(/PUBLIC_URL is not set and the server runs in production/);
      }),
    );
  });

  it('in development without PUBLIC_URL answers only a loopback origin reached over a loopback socket, for any Host text', () => {
    let answered = 0;
    fc.assert(
      fc.property(arrived, (at) => {
        const err = refusal(() => linkOrigin({ publicUrl: '', production: false }, at));
        if (err) {
          expect([err.status, err.code]).toEqual([503, 'SRV503']);
          expect(err.message).toMatch(/did not come to a loopback address/);
          return;
        }
        answered++;
        const o = linkOrigin({ publicUrl: '', production: false }, at);
        const url = new URL(o);
        expect(url.origin).toBe(o);
        const name = url.hostname.replace(/^\[|\]$/g, '');
        expect(name === 'localhost' || isLoopback(name)).toBe(true);
        expect(isLoopback(at.localAddress!)).toBe(true);
        expect(url.protocol).toBe(at.protocol === 'https' ? 'https:' : 'http:');
        expect(o.slice(o.indexOf('//') + 2)).toBe(at.host!.toLowerCase());
      }),
      { numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(0);
  });

  it('builds the loopback origin for localhost, 127.0.0.0/8 and ::1, and refuses it over another interface', () => {
    fc.assert(
      fc.property(fc.constantFrom('localhost', '127.0.0.1', '[::1]', '127.1.2.3'), port, (h, p) => {
        const host = `${h}:${p}`;
        expect(linkOrigin({ publicUrl: '', production: false }, { host, protocol: 'http', localAddress: '127.0.0.1' })).toBe(`http://${host}`);
        expect(refusal(() => linkOrigin({ publicUrl: '', production: false }, { host, protocol: 'http', localAddress: '10.0.0.5' }))?.status).toBe(503);
      }),
    );
  });
});

describe('requestTarget', () => {
  it('keeps origin-form targets and drops the host of absolute-form and //host targets', () => {
    fc.assert(
      fc.property(fc.domain(), fc.webPath(), fc.webQueryParameters(), fc.constantFrom('http://', 'https://', '//'), (host, path, query, prefix) => {
        const origin = `${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
        if (!origin.startsWith('//')) expect(requestTarget(origin)).toBe(origin);
        const target = requestTarget(`${prefix}${host}${origin}`);
        expect(target.startsWith('/')).toBe(true);
        if (!origin.toLowerCase().includes(host.toLowerCase())) expect(target.toLowerCase()).not.toContain(host.toLowerCase());
      }),
    );
  });
});

describe('publicUrlWarning', () => {
  it('warns at start when PUBLIC_URL is unset, louder in production, and not when it is set', () => {
    expect(publicUrlWarning({ publicUrl: 'https://portal.example.my', production: true })).toBeNull();
    expect(publicUrlWarning({ publicUrl: '', production: true })).toMatch(/refused \(503\)/);
    expect(publicUrlWarning({ publicUrl: '', production: false })).toMatch(/only for requests to localhost/);
  });
});
