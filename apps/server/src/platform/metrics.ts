/**
 * `GET /metrics` (issue 30 item 5, "Metrics"): the server's measurements in the Prometheus text
 * exposition format (version 0.0.4), for a Prometheus server to scrape.
 *
 * Closed by a token, outside the signed-in API: the route is not in the contract's route table
 * (it answers text, not a RouteDef's JSON), carries no `auth` and no `encrypted` flag, so the auth
 * guard and the secure channel let it by, like /healthz and /readyz; it checks its own token.
 *  - METRICS_TOKEN unset: 404 NF404 `Route GET /metrics not found`, the very answer of an unknown
 *    route (not thrown, so the refusal audit records nothing, as for an unknown URL), and nothing
 *    is measured: no hook on the request path.
 *  - set: `Authorization: Bearer <token>` is required, compared in constant time (SHA-256 of
 *    both, then timingSafeEqual, so the length is not revealed either); otherwise 401 SC499 with
 *    `WWW-Authenticate: Bearer`.
 *
 * What is measured (one prom-client Registry per app, never the global one, so several apps in
 * one process keep their own counts; every own name starts with `paydesk_`):
 *  - `paydesk_http_requests_total{method,route,status_class}` (counter) and
 *    `paydesk_http_request_duration_seconds{method,route}` (histogram, seconds from the request's
 *    arrival to the answer sent: Fastify's reply.elapsedTime), from an onResponse hook. `route` is the
 *    route's pattern (`/api/portal/Bank/Get/:Id`), never the raw URL; requests answered by the
 *    not-found handler (unknown paths, and the web app's deep links it serves) are `unmatched`.
 *    `method` is one of GET HEAD POST PUT PATCH DELETE OPTIONS, else `OTHER`; `status_class` is
 *    `2xx` … `5xx`. So the number of series is bounded by the routes, whatever the callers send.
 *  - read with SQL at each scrape: `paydesk_job_queue_depth{queue,state}` (jobs of each pg-boss
 *    queue, dead-letter queues included, in state created, retry or active) and
 *    `paydesk_job_queue_failed{queue}` (jobs failed for good still in pgboss.job: pg-boss moves
 *    them to pgboss.archive after its archive interval), one statement over pgboss.queue and
 *    pgboss.job, a 0 for every queue with none; `paydesk_mail_outbox{status}` (rows of mail_outbox
 *    PENDING and FAILED, as `pending` and `failed`); `paydesk_exports_running` (export_runs rows
 *    RUNNING, a dead server's run included until it is closed).
 *  - the log store of the app's database (platform/log-store.ts `stats`, this process's counts):
 *    `paydesk_log_entries_written_total`, `paydesk_log_entries_dropped_total` (buffer full),
 *    `paydesk_log_entries_failed_total` (lost with a batch the database refused), counters, and
 *    `paydesk_log_buffer_entries` (waiting now), a gauge.
 *  - prom-client's default process metrics (`process_*`, `nodejs_*`, under their standard names
 *    so the usual dashboards read them), but for the three gauges named `…_total` that
 *    `promtool check metrics` refuses (their per-type gauges stay).
 * A scrape query that fails or takes over SCRAPE_QUERY_TIMEOUT_MS (database down) never fails
 * the scrape: its gauges are left out of that answer and
 * `paydesk_metrics_collect_errors_total{source}` (source job_queue, mail_outbox or exports)
 * counts it; the failure is logged as a warning.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody, invalidSession, notFound, type AppError } from './errors.ts';
import { logStoreOf } from './log-store.ts';
import { routeConfig } from './route.ts';

/** The path of the endpoint. */
export const METRICS_PATH = '/metrics';

/** The prefix of every metric of the portal's own (prom-client's default metrics keep theirs). */
export const METRICS_PREFIX = 'paydesk_';

/** The `route` label of a request answered by the not-found handler. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Longest wait for one scrape query, ms; past it the query counts as failed (its gauges left out). */
export const SCRAPE_QUERY_TIMEOUT_MS = 5_000;

/** prom-client default metrics left out (see installMetrics). */
const LINT_REFUSED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** The pg-boss job states reported as queue depth (waiting or running). */
const DEPTH_STATES = ['created', 'retry', 'active'] as const;

/** Methods kept as the `method` label; any other is `OTHER`, so a caller cannot grow the series. */
const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The sources read with SQL at scrape time (the `source` label of the error counter). */
type ScrapeSource = 'job_queue' | 'mail_outbox' | 'exports';

/**
 * Every queue × (created, retry, active, failed), 0 when it has none: one statement, the queue
 * list from pgboss.queue, the counts from pgboss.job (its partitions, one per queue).
 */
const JOB_SQL = `SELECT q.name AS queue, s.state::text AS state, count(j.id)::int AS n
FROM pgboss.queue q
CROSS JOIN unnest(ARRAY['created', 'retry', 'active', 'failed']::pgboss.job_state[]) AS s(state)
LEFT JOIN pgboss.job j ON j.name = q.name AND j.state = s.state
GROUP BY q.name, s.state
ORDER BY q.name, s.state`;

const MAIL_SQL = `SELECT s.status, count(m.id)::int AS n
FROM unnest(ARRAY['PENDING', 'FAILED']) AS s(status)
LEFT JOIN mail_outbox m ON m.status = s.status
GROUP BY s.status
ORDER BY s.status`;

const EXPORTS_SQL = `SELECT count(*)::int AS n FROM export_runs WHERE status = 'RUNNING'`;

/** The per-request instruments. */
interface HttpMetrics {
  requests: Counter<'method' | 'route' | 'status_class'>;
  duration: Histogram<'method' | 'route'>;
}

/**
 * Installs `GET /metrics` on `app` (and HEAD, as Fastify adds it), and, when METRICS_TOKEN is
 * set, the onResponse hook counting every request and the collection described in the file's
 * note. Call it once per app, with the platform's routes (app.ts: right after healthRoutes), so
 * the hook sees every route. Throws nothing at request time; a scrape answers 200 with whatever
 * could be read, 401 SC499 without the token, 404 NF404 when METRICS_TOKEN is unset.
 */
export function installMetrics(app: FastifyInstance): void {
  const token = app.ctx.config.metricsToken;
  if (!token) {
    app.get(METRICS_PATH, { schema: { hide: true }, config: { auth: false, encrypted: false } }, (req, reply) => {
      // The not-found handler's own answer (web-pages.ts), not thrown: nothing is audited.
      answerError(req, reply, notFound(`Route ${req.method} ${METRICS_PATH}`));
    });
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which Prometheus's linter refuses (promtool check metrics: non-counter
  // metrics should not have "_total" suffix); nodejs_active_handles{type} and the like, kept, sum to them.
  for (const name of LINT_REFUSED_DEFAULTS) registry.removeSingleMetric(name);
  const http: HttpMetrics = {
    requests: new Counter({
      name: `${METRICS_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern (unmatched: the not-found handler) and status class',
      labelNames: ['method', 'route', 'status_class'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'Seconds from the arrival of an HTTP request to its answer sent, by method and route pattern',
      labelNames: ['method', 'route'],
      registers: [registry],
    }),
  };
  const collectErrors = new Counter({
    name: `${METRICS_PREFIX}metrics_collect_errors_total`,
    help: 'Scrape-time queries that failed or timed out (their gauges left out of that scrape), by source',
    labelNames: ['source'],
    registers: [registry],
  });
  for (const source of ['job_queue', 'mail_outbox', 'exports'] satisfies ScrapeSource[]) collectErrors.inc({ source }, 0);
  installLogStoreMetrics(app, registry);

  // A callback hook (as app.ts's): counting never waits, so no promise per request.
  app.addHook('onResponse', (req, reply, done) => {
    observe(http, req, reply);
    done();
  });

  const secret = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true }, config: { auth: false, encrypted: false } }, async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, secret)) {
      reply.header('www-authenticate', 'Bearer');
      return answerError(req, reply, invalidSession('A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)'));
    }
    const fresh = await scrapeGauges(app, req, collectErrors);
    const text = (await registry.metrics()) + (await fresh.metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

/** Answers `err` in the portal's error shape (errorBody) without throwing it, so no onError hook runs. */
function answerError(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  return reply.code(err.status).send(errorBody(req, err.code, err.message));
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether the Authorization header is `Bearer <token>` for the token of `secret` (its SHA-256), in constant time. */
function tokenMatches(header: string | undefined, secret: Buffer): boolean {
  // The scheme is case-insensitive (RFC 9110 §11.1); a missing header compares as an empty token.
  const given = header && /^bearer /i.test(header) ? header.slice(7) : '';
  return timingSafeEqual(digest(given), secret);
}

/** Counts one answered request (the onResponse hook's work). */
function observe(http: HttpMetrics, req: FastifyRequest, reply: FastifyReply): void {
  const method = METHODS.has(req.method) ? req.method : 'OTHER';
  const route = req.is404 ? UNMATCHED_ROUTE : (routeConfig(req).url ?? UNMATCHED_ROUTE);
  http.requests.inc({ method, route, status_class: `${Math.trunc(reply.statusCode / 100)}xx` });
  http.duration.observe({ method, route }, reply.elapsedTime / 1000);
}

/** The log store's counts, read at each scrape (they are this process's, never a query). */
function installLogStoreMetrics(app: FastifyInstance, registry: Registry): void {
  const stats = () => logStoreOf(app.ctx).stats;
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name: `${METRICS_PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counter('log_entries_written_total', 'Log entries stored in log_entries by this process', () => stats().written);
  counter('log_entries_dropped_total', 'Log entries dropped because the log buffer was full (or the store closed)', () => stats().dropped);
  counter('log_entries_failed_total', 'Log entries lost with a batch the database refused', () => stats().failed);
  new Gauge({
    name: `${METRICS_PREFIX}log_buffer_entries`,
    help: 'Log entries waiting in the buffer to be stored',
    registers: [registry],
    collect() {
      this.set(stats().buffered);
    },
  });
}

/** `run` within SCRAPE_QUERY_TIMEOUT_MS, else a rejection (the query itself is left to finish). */
async function bounded<T>(run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${SCRAPE_QUERY_TIMEOUT_MS} ms`)), SCRAPE_QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the database gauges for one scrape into a registry of their own (so a failed source is
 * simply absent, even an unlabelled gauge that would otherwise show 0); a failed source is
 * counted in `errors` and logged. The queries run together; the gauges are made in a fixed order.
 */
async function scrapeGauges(app: FastifyInstance, req: FastifyRequest, errors: Counter<'source'>): Promise<Registry> {
  const query = app.ctx.database.query;
  const read = async <T>(source: ScrapeSource, sql: string): Promise<T[] | null> => {
    try {
      return await bounded(() => query<T>(sql));
    } catch (err) {
      errors.inc({ source });
      req.log.warn({ err, source }, 'metrics: a scrape query failed; its gauges are left out');
      return null;
    }
  };
  const [jobs, mail, exports] = await Promise.all([
    read<{ queue: string; state: string; n: number }>('job_queue', JOB_SQL),
    read<{ status: string; n: number }>('mail_outbox', MAIL_SQL),
    read<{ n: number }>('exports', EXPORTS_SQL),
  ]);
  const fresh = new Registry();
  if (jobs) {
    const depth = new Gauge({
      name: `${METRICS_PREFIX}job_queue_depth`,
      help: 'Jobs of a pg-boss queue (dead-letter queues included) waiting (created, retry) or running (active)',
      labelNames: ['queue', 'state'],
      registers: [fresh],
    });
    const failed = new Gauge({
      name: `${METRICS_PREFIX}job_queue_failed`,
      help: 'Jobs of a pg-boss queue failed for good and still in pgboss.job (pg-boss archives them after its archive interval)',
      labelNames: ['queue'],
      registers: [fresh],
    });
    for (const r of jobs) {
      if (r.state === 'failed') failed.set({ queue: r.queue }, Number(r.n));
      else if ((DEPTH_STATES as readonly string[]).includes(r.state)) depth.set({ queue: r.queue, state: r.state }, Number(r.n));
    }
  }
  if (mail) {
    const outbox = new Gauge({
      name: `${METRICS_PREFIX}mail_outbox`,
      help: 'Rows of mail_outbox not sent: pending (waiting or being retried) and failed (failed for good)',
      labelNames: ['status'],
      registers: [fresh],
    });
    for (const r of mail) outbox.set({ status: r.status.toLowerCase() }, Number(r.n));
  }
  if (exports) {
    new Gauge({ name: `${METRICS_PREFIX}exports_running`, help: 'Exports whose export_runs row is RUNNING', registers: [fresh] }).set(Number(exports[0]?.n ?? 0));
  }
  return fresh;
}
