/**
 * Sign-in that cannot be raced: the lockout holds under parallel guesses, an
 * unknown e-mail is indistinguishable from a known one by code, sequence and password work, the
 * counters count every attempt exactly, and two servers on one database share one sign-in limit
 * and one lockout. Addresses are varied with X-Forwarded-For on servers started with
 * trustProxy (as behind a load balancer). No assertion depends on elapsed time; concurrency that
 * must be deterministic is made so by holding the password check.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PortalClient, PortalError } from '@paydesk/contract';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from './harness.ts';
import { passwordCheck } from '../../src/modules/auth/login.ts';
import { verifyPassword } from '../../src/auth/password.ts';
import { invalidateSettings } from '../../src/platform/settings.ts';
import { sweepRateLimits } from '../../src/platform/rate-limit.ts';
import { sweepLoginThrottle } from '../../src/auth/login-throttle.ts';

const THRESHOLD = 10;

/** A client whose channel is already agreed, so a later sign-in is a single request. */
async function readyClient(s: TestServer): Promise<PortalClient> {
  const c = s.client();
  await c.handshake();
  return c;
}

/** Signs in from `ip` (X-Forwarded-For) and answers 'OK' or the error code. */
async function attempt(c: PortalClient, email: string, password: string, ip: string): Promise<string> {
  try {
    await c.call('login', { body: { Email: email, Password: password }, headers: { 'X-Forwarded-For': ip } });
    return 'OK';
  } catch (e) {
    if (e instanceof PortalError) return e.errorCode;
    throw e;
  }
}

async function sessionsOf(s: TestServer, email: string): Promise<number> {
  const rows = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE lower(u.email) = $1`, [email]);
  return Number(rows[0]?.n);
}

async function lockouts(s: TestServer, email: string): Promise<number> {
  const rows = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'LOCKOUT' AND actor_email = $1`, [email]);
  return Number(rows[0]?.n);
}

/** Sets the live LOCKOUT_THRESHOLD setting (the table every server reads) and drops the caches. */
async function setThreshold(servers: TestServer[], n: number): Promise<void> {
  await servers[0]!.database.query(`UPDATE system_settings SET setting_value = $1 WHERE setting_key = 'LOCKOUT_THRESHOLD'`, [String(n)]);
  for (const s of servers) invalidateSettings(s.app.ctx);
}

/** Moves the (shared) clock to 1 s after the start of a minute window, so a burst stays inside one window. */
function alignToWindow(s: TestServer): void {
  const t = s.now().getTime();
  s.advance(60_000 - (t % 60_000) + 1_000);
}

/** The 423 message without the lock's end time, which differs by the request's clock. */
const withoutTime = (m: string) => m.replace(/ until .*$/, '');

describe.each(DATABASES)('sign-in hardening on %s', (kind) => {
  let s: TestServer;
  let verify: MockInstance<typeof passwordCheck.verify>;
  beforeAll(async () => {
    verify = vi.spyOn(passwordCheck, 'verify');
    s = await startTestServer({ kind, transactions: 200, config: { trustProxy: true, lockoutThreshold: THRESHOLD, loginRateLimitPerMinute: 1000 } });
  });
  afterEach(() => {
    // Back to counting calls through the real verification.
    verify.mockReset();
  });
  afterAll(async () => {
    verify.mockRestore();
    await s.close();
  });

  it('locks an account under 100 parallel wrong sign-ins from 100 addresses, checking at most the threshold, and then refuses the right password with AUTH423', async () => {
    const email = 'merchant@paydesk.my';
    const clients = await Promise.all(Array.from({ length: 100 }, () => readyClient(s)));
    const codes = await Promise.all(clients.map((c, i) => attempt(c, email, `wrong-${i}`, `10.1.0.${i + 1}`)));
    expect(codes).not.toContain('OK');
    expect(new Set(codes)).toEqual(new Set(codes.filter((c) => c === 'AUTH401' || c === 'AUTH423')));
    // Only the admitted checks can answer AUTH401; the threshold-th failure or the first refusal locks.
    expect(codes.filter((c) => c === 'AUTH401').length).toBeLessThanOrEqual(THRESHOLD);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(THRESHOLD);
    const right = await attempt(await readyClient(s), email, PASSWORD, '10.1.1.1');
    expect(right).toBe('AUTH423');
    expect(await sessionsOf(s, email)).toBe(0);
    expect(await lockouts(s, email)).toBe(1);
  });

  it('creates no session when the right password comes last among 100 parallel sign-ins, wherever it lands', async () => {
    const email = 'agent@paydesk.my';
    // Hold every password check until the gate has refused all it will, so the verdicts come
    // after the threshold was passed whatever order the requests arrived in.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    verify.mockImplementation(async (hash, plain) => {
      await held;
      return verifyPassword(hash, plain);
    });
    const clients = await Promise.all(Array.from({ length: 100 }, () => readyClient(s)));
    let answered = 0;
    const pending = clients.map((c, i) =>
      attempt(c, email, i === 99 ? PASSWORD : `wrong-${i}`, `10.2.0.${i + 1}`).then((code) => {
        answered++;
        return code;
      }),
    );
    // Exactly THRESHOLD reservations are admitted (none can finish while held); the rest answer.
    await vi.waitFor(() => expect(answered).toBe(100 - THRESHOLD), { timeout: 30_000, interval: 20 });
    expect(verify.mock.calls.length).toBe(THRESHOLD);
    release();
    const codes = await Promise.all(pending);
    expect(codes).not.toContain('OK');
    expect(codes[99]).toBe('AUTH423');
    expect(await sessionsOf(s, email)).toBe(0);
    expect(await lockouts(s, email)).toBe(1);
    expect(await attempt(await readyClient(s), email, PASSWORD, '10.2.1.1')).toBe('AUTH423');
  });

  it('answers an unknown and an inactive e-mail with the same codes, in the same sequence, after the same argon2id work, as a known one', async () => {
    const [inactive] = await s.database.query<{ email: string }>(
      `SELECT email FROM users WHERE is_active = 1 AND lower(email) NOT IN ('admin@paydesk.my','mm@paydesk.my','agency@paydesk.my','agent@paydesk.my','merchant@paydesk.my','branch@paydesk.my') ORDER BY id LIMIT 1`,
    );
    expect(inactive).toBeDefined();
    await s.database.query(`UPDATE users SET is_active = 0 WHERE email = $1`, [inactive!.email]);
    const accounts = { known: 'branch@paydesk.my', unknown: 'nobody-at-all@paydesk.my', inactive: inactive!.email.toLowerCase() };
    const [known] = await s.database.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = $1`, [accounts.known]);
    const argon2Params = (h: string) => h.split('$').slice(0, 4).join('$');

    const seen: Record<string, { codes: string[]; messages: string[]; verifies: number; hashes: string[] }> = {};
    for (const [name, email] of Object.entries(accounts)) {
      verify.mockClear();
      const codes: string[] = [];
      const messages: string[] = [];
      // THRESHOLD wrong passwords, then the demo password (the real one for the known account).
      for (let i = 0; i <= THRESHOLD; i++) {
        try {
          await (await readyClient(s)).call('login', { body: { Email: email, Password: i < THRESHOLD ? `wrong-${i}` : PASSWORD }, headers: { 'X-Forwarded-For': '10.3.0.1' } });
          codes.push('OK');
        } catch (e) {
          codes.push((e as PortalError).errorCode);
          messages.push(withoutTime((e as PortalError).message));
        }
      }
      seen[name] = { codes, messages, verifies: verify.mock.calls.length, hashes: verify.mock.calls.map(([h]) => h) };
    }
    const expected = [...Array<string>(THRESHOLD - 1).fill('AUTH401'), 'AUTH423', 'AUTH423'];
    for (const name of Object.keys(accounts)) {
      expect(seen[name]!.codes, name).toEqual(expected);
      expect(seen[name]!.messages, name).toEqual(seen.known!.messages);
      // One verification per admitted attempt, none once locked …
      expect(seen[name]!.verifies, name).toBe(THRESHOLD);
      // … each against an argon2id hash of the same parameters (the same cost) as a stored one.
      for (const h of seen[name]!.hashes) expect(argon2Params(h), name).toBe(argon2Params(known!.password_hash));
    }
    expect(argon2Params(known!.password_hash)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(await lockouts(s, accounts.unknown)).toBe(1);
  });

  it('counts two parallel bursts of 30 wrong sign-ins from one address exactly: 60 hits, the threshold of checks, one lockout', async () => {
    alignToWindow(s);
    const email = 'agency@paydesk.my';
    const burst = async () => {
      const clients = await Promise.all(Array.from({ length: 30 }, () => readyClient(s)));
      return Promise.all(clients.map((c, i) => attempt(c, email, `wrong-${i}`, '10.4.0.1')));
    };
    const codes = (await Promise.all([burst(), burst()])).flat();
    expect(codes.filter((c) => c === 'AUTH401' || c === 'AUTH423').length).toBe(60);
    // Every attempt counted: the first THRESHOLD reservations are checked, none after the lock.
    expect(verify.mock.calls.length).toBe(THRESHOLD);
    expect(await lockouts(s, email)).toBe(1);
    const [failures] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'LOGIN' AND result = 'FAILURE' AND actor_email = $1`, [email]);
    expect(failures?.n).toBe(60);
    const [row] = await s.database.query<{ failures: number; locked: boolean }>(`SELECT failures, locked_until > $2 AS locked FROM login_throttle WHERE account_key = $1`, [email, s.now()]);
    expect(row).toEqual({ failures: 0, locked: true });
    const [hits] = await s.database.query<{ hits: number }>(`SELECT sum(hits)::int AS hits FROM rate_limit_windows WHERE key = 'login:ip:10.4.0.1'`);
    expect(hits?.hits).toBe(60);
  });

  it('lets the right password reset the count before the threshold', async () => {
    const email = 'admin@paydesk.my';
    for (let i = 0; i < THRESHOLD - 1; i++) expect(await attempt(await readyClient(s), email, `wrong-${i}`, '10.4.1.1')).toBe('AUTH401');
    expect(await attempt(await readyClient(s), email, PASSWORD, '10.4.1.1')).toBe('OK');
    const [row] = await s.database.query<{ failures: number; locked_until: unknown }>(`SELECT failures, locked_until FROM login_throttle WHERE account_key = $1`, [email]);
    expect(row).toEqual({ failures: 0, locked_until: null });
    for (let i = 0; i < THRESHOLD - 1; i++) expect(await attempt(await readyClient(s), email, `wrong-${i}`, '10.4.1.1')).toBe('AUTH401');
  });

  it('sweeps rate-limit windows older than an hour and throttle rows idle for a day, but never a live lock', async () => {
    const t = s.now();
    const ago = (ms: number) => new Date(t.getTime() - ms);
    await s.database.query(`INSERT INTO rate_limit_windows (key, window_start, hits) VALUES ('sweep:old', $1, 3), ('sweep:new', $2, 3)`, [ago(2 * 3_600_000), ago(60_000)]);
    await s.database.query(
      `INSERT INTO login_throttle (account_key, failures, locked_until, updated_at) VALUES ('sweep-idle@x.my', 4, NULL, $1), ('sweep-locked@x.my', 0, $2, $1), ('sweep-recent@x.my', 2, NULL, $3)`,
      [ago(2 * 86_400_000), new Date(t.getTime() + 60_000), ago(60_000)],
    );
    expect(await sweepRateLimits(s.database, t)).toBeGreaterThanOrEqual(1);
    expect(await sweepLoginThrottle(s.database, t)).toBeGreaterThanOrEqual(1);
    const windows = await s.database.query<{ key: string }>(`SELECT key FROM rate_limit_windows WHERE key LIKE 'sweep:%' ORDER BY key`);
    expect(windows.map((r) => r.key)).toEqual(['sweep:new']);
    const rows = await s.database.query<{ account_key: string }>(`SELECT account_key FROM login_throttle WHERE account_key LIKE 'sweep-%' ORDER BY account_key`);
    expect(rows.map((r) => r.account_key)).toEqual(['sweep-locked@x.my', 'sweep-recent@x.my']);
  });
});

describe.each(DATABASES)('two servers on one %s database', (kind) => {
  // Below the highest lockout threshold (20), so the per-account limit can be seen before a lockout.
  const LIMIT = 15;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ kind, transactions: 200, config: { trustProxy: true, lockoutThreshold: THRESHOLD, loginRateLimitPerMinute: LIMIT } });
    b = await startTestServer({ shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('share one per-address sign-in limit: two bursts of 30 from one address, one to each server, let exactly the limit through', async () => {
    alignToWindow(a);
    const burst = async (s: TestServer, from: number) => {
      const clients = await Promise.all(Array.from({ length: 30 }, () => readyClient(s)));
      // Distinct unknown e-mails, so neither the per-account limit nor a lockout plays a part.
      return Promise.all(clients.map((c, i) => attempt(c, `spray-${from + i}@paydesk.my`, 'wrong', '10.5.0.1')));
    };
    const codes = (await Promise.all([burst(a, 0), burst(b, 30)])).flat();
    expect(codes.filter((c) => c === 'AUTH401').length).toBe(LIMIT);
    expect(codes.filter((c) => c === 'RL429').length).toBe(60 - LIMIT);
    const [hits] = await a.database.query<{ hits: number }>(`SELECT sum(hits)::int AS hits FROM rate_limit_windows WHERE key = 'login:ip:10.5.0.1'`);
    expect(hits?.hits).toBe(60);

    // The refusal is the error shape with a Retry-After, on either server.
    for (const s of [a, b]) {
      const res = await (await readyClient(s)).send('login', { body: { Email: 'spray-x@paydesk.my', Password: 'wrong' }, headers: { 'X-Forwarded-For': '10.5.0.1' } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await res.json()) as { ErrorCode: string; ErrorMessage: string };
      expect(body.ErrorCode).toBe('RL429');
      expect(body.ErrorMessage).toBeTruthy();
    }
    // Another address is not affected.
    expect(await attempt(await readyClient(b), 'spray-y@paydesk.my', 'wrong', '10.5.0.2')).toBe('AUTH401');
  });

  it('share one per-account limit: one e-mail from many addresses through both servers', async () => {
    await setThreshold([a, b], 20);
    try {
      alignToWindow(a);
      const clients = await Promise.all(Array.from({ length: LIMIT + 5 }, (_, i) => readyClient(i % 2 ? b : a)));
      const codes: string[] = [];
      for (const [i, c] of clients.entries()) codes.push(await attempt(c, 'target@paydesk.my', `wrong-${i}`, `10.6.0.${i + 1}`));
      expect(codes).toEqual([...Array<string>(LIMIT).fill('AUTH401'), ...Array<string>(5).fill('RL429')]);
    } finally {
      await setThreshold([a, b], THRESHOLD);
    }
  });

  it('share one lockout: failures on both servers lock the account on both, until the lock ends', async () => {
    alignToWindow(a);
    const email = 'mm@paydesk.my';
    const codes: string[] = [];
    for (let i = 0; i < THRESHOLD; i++) codes.push(await attempt(await readyClient(i % 2 ? b : a), email, `wrong-${i}`, `10.7.0.${i + 1}`));
    expect(codes).toEqual([...Array<string>(THRESHOLD - 1).fill('AUTH401'), 'AUTH423']);
    expect(await attempt(await readyClient(a), email, PASSWORD, '10.7.1.1')).toBe('AUTH423');
    expect(await attempt(await readyClient(b), email, PASSWORD, '10.7.1.2')).toBe('AUTH423');
    expect(await lockouts(a, email)).toBe(1);
    b.advance(a.config.lockoutMs + 60_000);
    expect(await attempt(await readyClient(b), email, PASSWORD, '10.7.1.3')).toBe('OK');
    expect(await sessionsOf(a, email)).toBe(1);
  });
});
