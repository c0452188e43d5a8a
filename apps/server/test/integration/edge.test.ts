/**
 * The edge of the server: the page guard for HTML requests, the sign-in rate limit, the OpenAPI
 * document against the whole route table, Fastify's own refusals in the error shape, and the
 * operations probes. (The bad-input fuzz over every route lives in route-suites/.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, ROUTE_TABLE, routes } from '@paydesk/contract';
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
    // An e-mailed invitation or reset link opens without a session, its token kept out of /auth's address.
    const invite = await fetch(`${s.url}/auth/invite?token=abc`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(invite.status).not.toBe(302);
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

  it('answers the API with the strict API header set and pages with the document set', async () => {
    for (const path of ['/api/portal/ip/echo', '/api/portal/Home/GetServerDateTime', '/api/docs']) {
      const api = await fetch(`${s.url}${path}`);
      expect(api.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers.get('cache-control'), path).toBe('no-store');
      expect([api.headers.get('x-content-type-options'), api.headers.get('x-frame-options'), api.headers.get('referrer-policy')], path).toEqual(['nosniff', 'DENY', 'no-referrer']);
      expect(api.headers.get('x-xss-protection'), path).toBeNull();
    }
    const page = await fetch(`${s.url}/auth`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
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

  it('documents every route of the whole route table at /api/docs, resource routes included', async () => {
    const doc = (await (await fetch(`${s.url}/api/docs`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [name, def] of Object.entries(ROUTE_TABLE)) {
      const path = def.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[def.method.toLowerCase()], `${name} ${def.method} ${path}`).toBeDefined();
    }
  });


  it("answers Fastify's own refusals in the error shape: bad URL, long path parameter, oversized body, wrong media type", async () => {
    // A path parameter over 100 characters: 414 from the router, or 404 when the built web app's
    // catch-all file route is there to fall through to (it never serves /api/ paths).
    const cases: [string, RequestInit, number | number[]][] = [
      ['/api/portal/Bank/Get/%E0%A4%A', {}, 400],
      [`/api/portal/Transaction/Ecommerce/Get/${'9'.repeat(5000)}`, {}, [404, 414]],
      [`/${'x'.repeat(5000)}.js`, {}, [403, 404]],
      [routes.handshake.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"ClientPublicKey":"${'A'.repeat(2 * 1024 * 1024)}"}` }, 413],
      [routes.handshake.path, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<x/>' }, 415],
      [routes.handshake.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ClientPublicKey":' }, 400],
    ];
    for (const [path, init, status] of cases) {
      const res = await fetch(`${s.url}${path}`, init);
      const body = (await res.json()) as Record<string, unknown>;
      expect([status].flat(), path.slice(0, 60)).toContain(res.status);
      expect(Object.keys(body).sort(), path.slice(0, 60)).toEqual(['ErrorCode', 'ErrorMessage', 'RequestId']);
      // The reference is the request's own id, answered in X-Request-Id too.
      expect(body.RequestId, path.slice(0, 60)).toBe(res.headers.get('x-request-id'));
    }
  });

  it('answers /healthz and /readyz (503 SRV503 while migrations are missing), and finishes a request in flight when closing', async () => {
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ Status: 'ok' });
    const ready = (await (await fetch(`${s.url}/readyz`)).json()) as { Status: string; Migrations: number };
    expect(ready.Status).toBe('ready');
    expect(ready.Migrations).toBeGreaterThanOrEqual(8);
    const [last] = await s.database.query<Record<string, unknown>>('DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING *');
    const pending = await fetch(`${s.url}/readyz`);
    expect(pending.status).toBe(503);
    expect(await pending.json()).toMatchObject({ ErrorCode: 'SRV503' });
    await s.database.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [last!.id, last!.hash, last!.created_at]);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    // A second server on the same database closes while a request is in flight: the request finishes.
    const second = await startTestServer({ shareDatabaseWith: s, config: { loginRateLimitPerMinute: 1000 } });
    const client = await second.signIn('admin@paydesk.my');
    const arrived = new Promise((resolve) => second.app.server.once('request', resolve));
    const inFlight = client.call('currencies');
    await arrived;
    const closing = second.close();
    expect(Array.isArray(await inFlight)).toBe(true);
    await closing;
    await expect(fetch(`${second.url}/healthz`)).rejects.toThrow();
  });

});
