/**
 * The edge of the server: the page guard for HTML requests, the sign-in rate limit, the OpenAPI
 * document against the route table, and a fuzz proving no input produces a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, routes, type RouteName } from '@paydesk/contract';
import { startTestServer, type TestServer } from './harness.ts';

describe('server edge', () => {
  let s: TestServer;
  let admin: PortalClient;
  beforeAll(async () => {
    s = await startTestServer({ transactions: 300, config: { loginRateLimitPerMinute: 5 } });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  it('clears the cookies and redirects (302) a page request without a valid session to /auth', async () => {
    for (const cookie of [undefined, 'token=forged.token.value; modulePermission=1.AA']) {
      const res = await fetch(`${s.url}/transaction/ecommerce?status=SUCCESS`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/auth?from=${encodeURIComponent('/transaction/ecommerce?status=SUCCESS')}`);
      const cleared = res.headers.getSetCookie();
      for (const name of ['token', 'modulePermission', 'XSRF-TOKEN']) {
        expect(cleared.some((c) => c.startsWith(`${name}=;`) && /Expires=Thu, 01 Jan 1970/i.test(c)), name).toBe(true);
      }
    }
    const root = await fetch(`${s.url}/`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/auth');
    const signedIn = await fetch(`${s.url}/transaction/ecommerce`, { headers: { accept: 'text/html', cookie: `token=${admin.token}` }, redirect: 'manual' });
    expect(signedIn.status).not.toBe(302);
    const auth = await fetch(`${s.url}/auth`, { redirect: 'manual' });
    expect(auth.status).not.toBe(302);
  });

  it('follows the live IP-lookup setting in the page content-security policy', async () => {
    const found = await admin.callPath<{ Items: { Id: number; Version: number }[] }>('POST', '/api/portal/SystemSetting/Search', { SearchData: { SettingKey: 'IP_LOOKUP_V4_URL' } });
    const row = found.Items[0]!;
    await admin.callPath('PUT', '/api/portal/SystemSetting/Update', { Id: row.Id, Version: row.Version, SettingValue: 'https://ip4.example.net/json' });
    const page = await fetch(`${s.url}/auth`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self' https:\/\/ip4\.example\.net/);
    expect(csp).toContain("script-src 'self'");
  });

  it('rate-limits sign-in per client address', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      try {
        await new PortalClient(s.url).login('nobody@paydesk.my', 'x');
      } catch (e) {
        codes.push((e as { errorCode: string }).errorCode);
      }
    }
    expect(codes.slice(0, 4).every((c) => c === 'AUTH401')).toBe(true);
    expect(codes.at(-1)).toBe('RL429');
  });

  it('documents every route of the contract at /api/docs', async () => {
    const doc = (await (await fetch(`${s.url}/api/docs`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [name, def] of Object.entries(routes)) {
      const path = def.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[def.method.toLowerCase()], `${name} ${def.method} ${path}`).toBeDefined();
    }
  });

  it('never answers 5xx, whatever JSON body a signed-in caller sends', async () => {
    const bodied = (Object.keys(routes) as RouteName[]).filter((n) => routes[n].method !== 'GET' && !['logout', 'login', 'handshake'].includes(n));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodied), fc.jsonValue({ maxDepth: 3 }), async (name, body) => {
        const res = await admin.send(name, { body: body as never });
        await res.arrayBuffer();
        return res.status < 500;
      }),
      { numRuns: 150 },
    );
    const badJson = await fetch(`${s.url}${routes.handshake.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ClientPublicKey":' });
    expect(badJson.status).toBe(400);
  });
});
