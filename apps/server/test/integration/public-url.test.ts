/**
 * Links from PUBLIC_URL only (platform/public-url.ts), on each database of the run, on a server
 * with TRUST_PROXY off and a second one on the same database with it on. Forged headers are
 * generated: a Host, X-Forwarded-Host and X-Forwarded-Proto naming `*.poisoned.example`, alone and
 * together, and loopback look-alikes (`localhost.poisoned.example`, `127.0.0.1.poisoned.example`,
 * `localhost@…`, `localhost:3000/…`).
 *  - The mail-sending actions (Invite, ResendInvite, ResetPassword, the public ForgotPassword) ×
 *    every forgery × both servers × three configurations: with PUBLIC_URL every e-mailed link (the
 *    sealed mail_outbox body, opened with the field key) starts with it; without it in development
 *    a link is built only for a loopback origin and any other request is refused 503 SRV503 naming
 *    PUBLIC_URL with no token and no mail written; in production (NODE_ENV=production) every such
 *    request is refused.
 *  - Every route of ROUTE_TABLE (a plausible body, an absent id) and the page routes (/, /auth,
 *    the invite page, a deep link with and without a session, /api/docs, health, an asset, an
 *    unknown API path, an absolute-form request target) answer with no forged name in any header
 *    or body (encrypted answers opened).
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, ROUTE_TABLE, type RouteDef } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { openSecret } from '../../src/platform/sealing.ts';
import { DATABASES, errorOf, PASSWORD, startTestServer, type TestServer } from './harness.ts';
import { pathOf, pool, SESSION_ROUTES, type RouteInput } from './route-suites/fixture.ts';
import { exampleOf } from './route-suites/hostile.ts';

const MARK = 'poisoned';
const PUBLIC = 'https://portal.example.my';

/** Forged header sets: the names a hostile sender would put in a link, and loopback look-alikes. */
const label = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const forgedName = fc.oneof(
  label.map((l) => `${l}.${MARK}.example`),
  label.map((l) => `${l}.${MARK}.example:8443`),
  fc.constantFrom(`localhost.${MARK}.example`, `127.0.0.1.${MARK}.example`, `localhost@${MARK}.example`, `localhost:3000/${MARK}`, `[::1].${MARK}.example`, `${MARK}.example#localhost`),
);
const forgery = fc.oneof(
  forgedName.map((h) => ({ host: h })),
  forgedName.map((h) => ({ 'x-forwarded-host': h })),
  fc.tuple(forgedName, forgedName).map(([h, x]) => ({ host: h, 'x-forwarded-host': x, 'x-forwarded-proto': 'https' })),
  fc.tuple(forgedName, fc.constantFrom('https', `${MARK}`, 'javascript')).map(([x, p]) => ({ 'x-forwarded-host': x, 'x-forwarded-proto': p })),
);
const FORGERIES: Record<string, string>[] = [{ host: `evil.${MARK}.example:8443` }, { 'x-forwarded-host': `evil.${MARK}.example`, 'x-forwarded-proto': 'https' }, ...fc.sample(forgery, { numRuns: 10, seed: 27 })];

/**
 * A fetch for PortalClient that sends `forged` on top of its headers (undici's `request`, since
 * fetch never sends a Host of the caller's choosing) and answers an ordinary Response.
 */
function forgingFetch(forged: Record<string, string>): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = { ...(init?.headers as Record<string, string> | undefined), ...forged };
    const res = await request(String(input), { method: (init?.method ?? 'GET') as 'GET', headers, body: init?.body as string | Uint8Array | undefined });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : [v ?? '']) out.append(k, one);
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : bytes, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}

/** Every header line and the body text of an answer, encrypted answers opened by `client`. */
async function answerText(client: PortalClient, res: Response, encrypted: boolean, path: string): Promise<string> {
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  let shown = text;
  if (encrypted && res.ok) {
    try {
      shown = JSON.stringify(await client.readJson(new Response(text, { status: res.status, headers: res.headers }), true, path));
    } catch (e) {
      shown = `${text}\n${(e as Error).message}`;
    }
  }
  return `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${shown}`;
}

/** A plausible call of `route` that touches no existing record: example body and parameters, absent ids. */
function probeOf(route: RouteDef): RouteInput {
  const params = route.params ? (exampleOf(route.params) as Record<string, unknown>) : {};
  const p = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k === 'Id' ? '2147483647' : String(v)]));
  if (route.upload) return { params: p, body: new FormData() };
  if (route.method === 'GET' || route.method === 'DELETE') return { params: p };
  const body = route.body ? exampleOf(route.body) : {};
  if (body && typeof body === 'object' && 'Id' in body) (body as Record<string, unknown>).Id = 2147483647;
  return { params: p, body };
}

/** Sends `raw` (one HTTP/1.1 request) over a plain socket and answers the whole response text. */
function rawHttp(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(raw));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe.each(DATABASES)('links from PUBLIC_URL only, on %s', (kind) => {
  let direct: TestServer;
  let proxied: TestServer;
  const servers = () => [
    { name: 'TRUST_PROXY off', s: direct },
    { name: 'TRUST_PROXY on', s: proxied },
  ];
  const q = <T,>(sql: string, params?: unknown[]) => direct.database.query<T>(sql, params);
  let hqId: number;
  let hqGroupId: number;

  beforeAll(async () => {
    direct = await startTestServer({ kind, transactions: 300, config: { jobPollSeconds: 60 } });
    proxied = await startTestServer({ shareDatabaseWith: direct, config: { trustProxy: true } });
    hqId = (await q<{ org_id: number }>(`SELECT m.org_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'merchant@paydesk.my' AND m.is_default`))[0]!.org_id;
    hqGroupId = (await q<{ id: number }>(`SELECT id FROM user_groups WHERE group_type = 'MERCHANT_HQ' AND is_default`))[0]!.id;
  }, 300_000);
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  /** Sets PUBLIC_URL and NODE_ENV=production as both servers read them per request. */
  const configure = (publicUrl: string, production: boolean) => {
    for (const { s } of servers()) Object.assign(s.app.ctx.config, { publicUrl, production });
  };
  const counts = async () => (await q<{ mails: number; tokens: number }>(`SELECT (SELECT count(*)::int FROM mail_outbox) AS mails, (SELECT count(*)::int FROM user_tokens) AS tokens`))[0]!;
  /** The link in the newest mail to `to` (its sealed body opened with the field key). */
  const newestLink = async (to: string) => {
    const [row] = await q<{ body: string }>(`SELECT body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1`, [to]);
    const body = openSecret(direct.app.ctx.keys.fieldKey, row!.body);
    expect(body.toLowerCase()).not.toContain(MARK);
    return body.match(/\S+\/auth\/invite\?token=[A-Za-z0-9_-]{43}/)?.[0];
  };

  it('e-mails links only on PUBLIC_URL (or a loopback origin in development), for every forgery × action × TRUST_PROXY × configuration', async () => {
    let n = 0;
    const outcomes = { linked: 0, refused: 0 };
    for (const { name, s } of servers()) {
      const loopback = s.url;
      for (const forged of FORGERIES) {
        const admin = new PortalClient(s.url, { fetch: forgingFetch(forged) });
        await admin.login('admin@paydesk.my', PASSWORD);
        for (const [publicUrl, production] of [[PUBLIC, false], ['', false], ['', true]] as const) {
          configure(publicUrl, production);
          // One call of each action; the invited user of the invite is the one ResendInvite writes to again.
          const email = `linked.${kind}.${n++}@kedai.my`;
          const calls: [string, () => Promise<unknown>][] = [
            ['Invite', () => admin.call('userInvite', { body: { Email: email, NickName: 'Linked', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } })],
            ['ResendInvite', async () => {
              const [u] = await q<{ id: number }>(`SELECT u.id FROM users u WHERE u.password_hash IS NULL AND u.is_active = 1 AND lower(u.email) LIKE 'linked.%' ORDER BY u.id LIMIT 1`);
              if (!u) return 'no invited user yet';
              const row = await admin.call('userGet', { params: { Id: u.id } });
              return admin.call('userResendInvite', { body: { Id: u.id, Version: row.Version } });
            }],
            ['ResetPassword', async () => {
              const [u] = await q<{ id: number }>(`SELECT id FROM users WHERE email = 'merchant@paydesk.my'`);
              const row = await admin.call('userGet', { params: { Id: u!.id } });
              return admin.call('userResetPassword', { body: { Id: u!.id, Version: row.Version } });
            }],
            // Public, no session: a fresh active account each time (a user gets at most 5 such links an hour).
            ['ForgotPassword', async () => {
              const forgetful = `forgot.${kind}.${n}@kedai.my`;
              await q(`INSERT INTO users (email, nick_name, password_hash) VALUES ($1, 'Forgetful', 'not-a-hash')`, [forgetful]);
              return new PortalClient(s.url, { fetch: forgingFetch(forged) }).call('forgotPassword', { body: { Email: forgetful } });
            }],
          ];
          for (const [action, call] of calls) {
            const what = `${action} on ${name} with ${JSON.stringify(forged)}, PUBLIC_URL=${publicUrl || 'unset'}${production ? ', production' : ''}`;
            const before = await counts();
            let answer: unknown;
            try {
              answer = await call();
            } catch (e) {
              answer = e;
            }
            if (answer === 'no invited user yet') continue;
            const after = await counts();
            if (answer instanceof Error) {
              // Refused: only ever for want of PUBLIC_URL, with nothing written.
              const err = await errorOf(Promise.reject(answer));
              expect([err.status, err.errorCode], what).toEqual([503, ERROR_CODES.UNAVAILABLE]);
              expect(err.message, what).toMatch(/PUBLIC_URL is not set/);
              expect(err.message.toLowerCase(), what).not.toContain(MARK);
              expect(publicUrl, what).toBe('');
              expect(after, what).toEqual(before);
              outcomes.refused++;
              continue;
            }
            expect(JSON.stringify(answer).toLowerCase(), what).not.toContain(MARK);
            expect(after.mails, what).toBe(before.mails + 1);
            const [mailTo] = await q<{ to_address: string }>(`SELECT to_address FROM mail_outbox ORDER BY id DESC LIMIT 1`);
            const link = await newestLink(mailTo!.to_address);
            expect(link, what).toBeDefined();
            if (publicUrl) expect(link!.startsWith(`${PUBLIC}/auth/invite?token=`), what).toBe(true);
            else {
              // Without PUBLIC_URL only development links to the loopback origin the request really came to.
              expect(production, what).toBe(false);
              expect(link!.startsWith(`${loopback}/auth/invite?token=`), what).toBe(true);
            }
            outcomes.linked++;
          }
        }
      }
    }
    // Both outcomes happened: links on PUBLIC_URL (and loopback), refusals without it.
    expect(outcomes.linked).toBeGreaterThan(FORGERIES.length);
    expect(outcomes.refused).toBeGreaterThan(FORGERIES.length);
    configure('', false);
  }, 600_000);

  it('refuses in development, without PUBLIC_URL, exactly the requests whose origin the server reads is not loopback', async () => {
    configure('', false);
    for (const { name, s } of servers()) {
      for (const forged of FORGERIES) {
        const admin = new PortalClient(s.url, { fetch: forgingFetch(forged) });
        await admin.login('admin@paydesk.my', PASSWORD);
        const [u] = await q<{ id: number }>(`SELECT id FROM users WHERE email = 'merchant@paydesk.my'`);
        const row = await admin.call('userGet', { params: { Id: u!.id } });
        const hostRead = s === proxied && forged['x-forwarded-host'] ? forged['x-forwarded-host'] : forged.host;
        const res = await admin.call('userResetPassword', { body: { Id: u!.id, Version: row.Version } }).then(
          () => 'linked',
          (e: Error) => e.message,
        );
        if (hostRead) expect(res, `${name} ${JSON.stringify(forged)}`).toMatch(/PUBLIC_URL is not set/);
        else expect(res, `${name} ${JSON.stringify(forged)}`).toBe('linked');
      }
    }
  }, 300_000);

  it('refuses in production without PUBLIC_URL even a request from loopback, and says why', async () => {
    configure('', true);
    const admin = await direct.signIn('admin@paydesk.my');
    const [u] = await q<{ id: number }>(`SELECT id FROM users WHERE email = 'merchant@paydesk.my'`);
    const row = await admin.call('userGet', { params: { Id: u!.id } });
    const err = await errorOf(admin.call('userResetPassword', { body: { Id: u!.id, Version: row.Version } }));
    expect([err.status, err.errorCode]).toEqual([503, ERROR_CODES.UNAVAILABLE]);
    expect(err.message).toMatch(/PUBLIC_URL is not set and the server runs in production \(NODE_ENV=production\)/);
    configure('', false);
  });

  it('echoes no forged Host, X-Forwarded-Host or X-Forwarded-Proto in any header or body of any route or page', async () => {
    configure('', false);
    const leaks: string[] = [];
    let answered = 0;
    let ok = 0;
    for (const { name, s } of servers()) {
      // One after another: parallel sign-ins of one account each reserve a failure until they succeed (the lockout's race guard).
      const clients: { forged: Record<string, string>; c: PortalClient }[] = [];
      for (const forged of FORGERIES) {
        const c = new PortalClient(s.url, { fetch: forgingFetch(forged) });
        await c.login('admin@paydesk.my', PASSWORD);
        clients.push({ forged, c });
      }
      const tasks: (() => Promise<void>)[] = [];
      let turn = 0;
      for (const [routeName, route] of Object.entries(ROUTE_TABLE)) {
        const { forged, c } = clients[turn++ % clients.length]!;
        tasks.push(async () => {
          let client = route.auth ? c : new PortalClient(s.url, { fetch: forgingFetch(forged) });
          if (SESSION_ROUTES.has(routeName)) {
            client = new PortalClient(s.url, { fetch: forgingFetch(forged) });
            await client.login('admin@paydesk.my', PASSWORD);
          }
          const input = probeOf(route);
          const path = pathOf(route, input);
          const res = await client.sendTo({ method: route.method, encrypted: route.encrypted }, path, { body: input.body, headers: route.idempotent ? { 'Idempotency-Key': crypto.randomUUID() } : undefined });
          const text = await answerText(client, res, route.encrypted && !route.file, path);
          answered++;
          if (res.ok) ok++;
          if (text.toLowerCase().includes(MARK)) leaks.push(`${routeName} on ${name} with ${JSON.stringify(forged)}: ${text.slice(0, 300)}`);
        });
      }
      const pages = ['/', '/auth', '/auth?from=/transaction/ecommerce', '/auth/invite?token=' + 'x'.repeat(43), '/transaction/ecommerce', '/user-management?x=1', '/api/docs', '/healthz', '/readyz', '/assets/none.js', '/favicon.ico', '/api/portal/NoSuchRoute'];
      for (const page of pages)
        for (const [i, { forged, c }] of clients.entries()) {
          tasks.push(async () => {
            // With a session (its cookie) and without one: the redirect to /auth is the other answer.
            const headers: Record<string, string> = { ...forged, accept: 'text/html' };
            if (i % 2 === 0 && c.cookies.size) headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
            const res = await request(`${s.url}${page}`, { method: 'GET', headers });
            const text = `${JSON.stringify(res.headers)}\n\n${await res.body.text()}`;
            answered++;
            if (text.toLowerCase().includes(MARK)) leaks.push(`GET ${page} on ${name} with ${JSON.stringify(forged)}: ${text.slice(0, 300)}`);
          });
        }
      // A request target that names a host in the request line itself (absolute form, or `//host/…`).
      const targets = [`http://abs.${MARK}.example/transaction/ecommerce?x=1`, `https://abs.${MARK}.example/api/portal/NoSuchRoute`, `http://abs.${MARK}.example/`, `//abs.${MARK}.example/transaction/ecommerce`, `http://abs.${MARK}.example/api/portal/UserManagement/Search`];
      for (const target of targets)
        for (const method of ['GET', 'POST']) {
          tasks.push(async () => {
            const raw = await rawHttp(s.url, `${method} ${target} HTTP/1.1\r\nHost: abs.${MARK}.example\r\nX-Forwarded-Host: xf.${MARK}.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
            answered++;
            if (!raw.startsWith('HTTP/1.1 ')) leaks.push(`${method} ${target} on ${name}: no HTTP answer`);
            if (raw.toLowerCase().includes(MARK)) leaks.push(`${method} ${target} on ${name}: ${raw.slice(0, 400)}`);
          });
        }
      await pool(tasks, 4);
    }
    console.log(`forged-host sweep on ${kind}: ${answered} answers (${ok} 2xx) over ${Object.keys(ROUTE_TABLE).length} routes and the pages, ${FORGERIES.length} forgeries; ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    // The sweep reached handlers, not only refusals.
    expect(ok).toBeGreaterThan(100);
  }, 600_000);
});
