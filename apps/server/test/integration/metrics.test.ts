/**
 * GET /metrics (platform/metrics.ts, issue 30 item 5) on each database of the run: a server with
 * METRICS_TOKEN and a second one on the same database without it.
 *  - Without METRICS_TOKEN the endpoint answers 404 NF404 like an unknown route, token or not.
 *  - With it: no token, a wrong one (shorter, longer, same length), another scheme → 401 SC499.
 *  - The request counter and the duration histogram of a route move by exactly the requests made,
 *    labelled by the route's pattern (never the raw URL; unknown paths as `unmatched`).
 *  - The scrape-time gauges follow the database: a job waiting in a queue, mail_outbox rows
 *    PENDING and FAILED, an export RUNNING; the log store's counts are this process's.
 *  - A scrape query that fails leaves its gauges out, counts paydesk_metrics_collect_errors_total
 *    and still answers 200.
 *  - `promtool check metrics` (Prometheus's own linter, /usr/bin/promtool from Debian's
 *    prometheus: scripts/ensure-chromium.mjs installs it) finds no problem in a scrape.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@paydesk/contract';
import { logStoreOf } from '../../src/platform/log-store.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const PROMTOOL = '/usr/bin/promtool';
const settle = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

/** One sample's key: its name and its labels sorted, e.g. `x{a="1",b="2"}`. */
function keyOf(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v}"`);
  return parts.length ? `${name}{${parts.join(',')}}` : name;
}

/** The samples of an exposition text by keyOf (label values kept as written, escapes included). */
function samplesOf(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.set(keyOf(m[1]!, labels), Number(m[3]));
  }
  return out;
}

/** Runs `promtool check metrics` on `text` (on stdin): its exit code and everything it printed. */
function promtool(text: string): { status: number | null; printed: string } {
  const r = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: r.status, printed: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

describe.each(DATABASES)('GET /metrics on %s', (kind) => {
  let s: TestServer;
  let closed: TestServer;
  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, on: TestServer = s) => fetch(`${on.url}/metrics`, { headers });
  const scrapeText = async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300, config: { metricsToken: TOKEN } });
    closed = await startTestServer({ shareDatabaseWith: s, config: { metricsToken: '' } });
  }, 300_000);
  afterAll(async () => {
    await closed?.close();
    await s?.close();
  });

  it('answers 404 NF404 like an unknown route when METRICS_TOKEN is unset, with or without a token', async () => {
    // The unknown-route answer it mirrors.
    const unknown = await fetch(`${closed.url}/api/portal/NoSuchRoute`);
    expect(unknown.status).toBe(404);
    const { ErrorMessage: unknownMessage, ...unknownBody } = (await unknown.json()) as Record<string, unknown>;
    expect(unknownMessage).toBe('Route GET /api/portal/NoSuchRoute not found');
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of attempts) {
      const res = await scrape(headers, closed);
      expect(res.status).toBe(404);
      const { ErrorMessage, ...body } = (await res.json()) as Record<string, unknown>;
      expect(ErrorMessage).toBe('Route GET /metrics not found');
      // The same fields: ErrorCode NF404 and the request id.
      expect(Object.keys(body).sort()).toEqual(Object.keys(unknownBody).sort());
      expect(body.ErrorCode).toBe('NF404');
      expect(body.RequestId).toBe(res.headers.get('x-request-id'));
    }
  });

  it('answers 401 SC499 without the token, with a wrong one or another scheme', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}X` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const res = await scrape(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ ErrorCode: 'SC499', ErrorMessage: expect.stringContaining('metrics token') });
    }
    const ok = await scrape({ authorization: `bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it('counts each request once under its route pattern and status class, and times it', async () => {
    const permissionsPath = routes.userGroupPermissions.path;
    const before = samplesOf(await scrapeText());
    for (let i = 0; i < 3; i++) expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fetch(`${s.url}/api/portal/NoSuchRoute-${i}`)).status).toBe(404);
    // A guarded, encrypted route called with nothing: refused, counted under its pattern.
    expect((await fetch(`${s.url}${permissionsPath.replace(':Id', '4242')}`)).status).toBe(401);
    const healthz = { method: 'GET', route: '/healthz' };
    const moved = (after: Map<string, number>, name: string, labels: Record<string, string>) => (after.get(keyOf(name, labels)) ?? 0) - (before.get(keyOf(name, labels)) ?? 0);
    let text = '';
    // onResponse runs once the answer is written: wait for the last one to be counted.
    await settle(async () => {
      text = await scrapeText();
      const after = samplesOf(text);
      expect(moved(after, 'paydesk_http_requests_total', { ...healthz, status_class: '2xx' })).toBe(3);
      expect(moved(after, 'paydesk_http_request_duration_seconds_count', healthz)).toBe(3);
      expect(moved(after, 'paydesk_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' })).toBe(3);
      expect(moved(after, 'paydesk_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(2);
      expect(moved(after, 'paydesk_http_requests_total', { method: 'GET', route: permissionsPath, status_class: '4xx' })).toBe(1);
    });
    const after = samplesOf(text);
    expect(after.get(keyOf('paydesk_http_request_duration_seconds_sum', healthz))).toBeGreaterThan(before.get(keyOf('paydesk_http_request_duration_seconds_sum', healthz)) ?? 0);
    expect(moved(after, 'paydesk_http_requests_total', { ...healthz, status_class: '4xx' })).toBe(0);
    // Never a raw URL as a label.
    expect([...after.keys()].filter((k) => k.includes('4242') || k.includes('NoSuchRoute'))).toEqual([]);
    expect(text).toContain('# TYPE paydesk_http_requests_total counter');
    expect(text).toContain('# TYPE paydesk_http_request_duration_seconds histogram');
    // prom-client's default process metrics on the same registry.
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('reads the job queue, mail outbox and running exports from the database at each scrape', async () => {
    const queue = `metrics-probe-${kind}`;
    await s.app.jobs.define({ name: queue, retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false });
    const before = samplesOf(await scrapeText());
    expect(before.get(keyOf('paydesk_job_queue_depth', { queue, state: 'created' }))).toBe(0);
    // Not due for an hour: it stays created (no worker on this queue anyway).
    await s.app.jobs.send(queue, { n: 1 }, { startAfter: new Date(Date.now() + 3_600_000) });
    await s.app.jobs.send(queue, { n: 2 }, { startAfter: new Date(Date.now() + 3_600_000) });
    const mail = `INSERT INTO mail_outbox (to_address, subject, body, template, status) VALUES ('metrics@paydesk.invalid', 'probe', 'x', 'probe', $1)`;
    await s.database.query(mail, ['PENDING']);
    await s.database.query(mail, ['PENDING']);
    await s.database.query(mail, ['FAILED']);
    await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status) VALUES ($1, 1, 'probe', 'CSV', 'RUNNING')`, [randomUUID()]);

    const after = samplesOf(await scrapeText());
    expect(after.get(keyOf('paydesk_job_queue_depth', { queue, state: 'created' }))).toBe(2);
    for (const state of ['retry', 'active']) expect(after.get(keyOf('paydesk_job_queue_depth', { queue, state }))).toBe(0);
    expect(after.get(keyOf('paydesk_job_queue_failed', { queue }))).toBe(0);
    // Every queue is listed, its dead-letter queue and the app's own included.
    expect(after.get(keyOf('paydesk_job_queue_depth', { queue: `${queue}-failed`, state: 'created' }))).toBe(0);
    expect(after.has(keyOf('paydesk_job_queue_depth', { queue: 'mail-send', state: 'created' }))).toBe(true);
    const delta = (name: string, labels?: Record<string, string>) => (after.get(keyOf(name, labels)) ?? NaN) - (before.get(keyOf(name, labels)) ?? NaN);
    expect(delta('paydesk_mail_outbox', { status: 'pending' })).toBe(2);
    expect(delta('paydesk_mail_outbox', { status: 'failed' })).toBe(1);
    expect(delta('paydesk_exports_running')).toBe(1);
    const [running] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM export_runs WHERE status = 'RUNNING'`);
    expect(after.get('paydesk_exports_running')).toBe(running!.n);
  });

  it("reports the log store's counts of this process", async () => {
    const low = { ...logStoreOf(s.app.ctx).stats };
    const text = await scrapeText();
    const high = { ...logStoreOf(s.app.ctx).stats };
    const got = samplesOf(text);
    const within = (name: string, a: number, b: number) => {
      const v = got.get(name);
      expect(v, name).toBeGreaterThanOrEqual(a);
      expect(v, name).toBeLessThanOrEqual(b);
    };
    within('paydesk_log_entries_written_total', low.written, high.written);
    within('paydesk_log_entries_dropped_total', low.dropped, high.dropped);
    within('paydesk_log_entries_failed_total', low.failed, high.failed);
    expect(got.get('paydesk_log_buffer_entries')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE paydesk_log_entries_written_total counter');
    expect(text).toContain('# TYPE paydesk_log_buffer_entries gauge');
  });

  it('leaves out the gauges of a failed scrape query, counts the failure and still answers 200', async () => {
    const errors = keyOf('paydesk_metrics_collect_errors_total', { source: 'job_queue' });
    const before = samplesOf(await scrapeText());
    expect(before.get(errors)).toBe(0);
    const query = s.database.query;
    const spy = vi.spyOn(s.database, 'query').mockImplementation(((text: string, params?: unknown[]) =>
      text.includes('pgboss.job') ? Promise.reject(new Error('connection refused')) : query(text, params)) as typeof query);
    let text: string;
    try {
      text = await scrapeText();
    } finally {
      spy.mockRestore();
    }
    const got = samplesOf(text);
    expect(text).not.toContain('paydesk_job_queue_depth');
    expect(text).not.toContain('paydesk_job_queue_failed');
    expect(got.get(errors)).toBe(1);
    expect(got.get(keyOf('paydesk_metrics_collect_errors_total', { source: 'mail_outbox' }))).toBe(0);
    expect(got.has(keyOf('paydesk_mail_outbox', { status: 'pending' }))).toBe(true);
    expect(got.has('paydesk_exports_running')).toBe(true);
    expect(promtool(text)).toEqual({ status: 0, printed: '' });
    // The next scrape has them again.
    expect(await scrapeText()).toContain('# TYPE paydesk_job_queue_depth gauge');
  });

  it('passes promtool check metrics with no problem', async () => {
    const text = await scrapeText();
    expect(text).toContain('paydesk_http_requests_total{');
    expect(text).toContain('paydesk_job_queue_depth{');
    expect(promtool(text)).toEqual({ status: 0, printed: '' });
  });
});
